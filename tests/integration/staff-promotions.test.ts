import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promotionCodes } from "../../db/schema/orders.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { applyPromotionToBag } from "../../domain/checkout/apply-promotion.ts";
import { createPromotion, listPromotions, updatePromotion } from "../../domain/promotions/manage-promotions.ts";
import { guest, type StaffViewer, type Viewer } from "../../domain/shared/context.ts";
import { permissionsOf, type StaffPermission } from "../../domain/staff/permissions.ts";
import { bagWith, holderOf } from "../setup/checkout-fixtures.ts";
import { memberViewer, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const staffWith = (...granted: StaffPermission[]): StaffViewer => ({
  kind: "staff",
  staffId: `staff-${granted.join("-")}`,
  email: `${granted.join("-") || "none"}@staff.test`,
  role: "staff",
  permissions: permissionsOf("staff", granted),
  session: null,
});

describe(`promotion codes in the back office (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  const as = (viewer: Viewer) => testContext(database.db, { viewer });
  const marketer = () => as(staffWith("promotions"));
  const row = async (code: string) => (await database.db.select().from(promotionCodes).where(eq(promotionCodes.code, code)))[0];
  /** A bag of one 8-serving box (S$39 of goods) with the code applied, as the checkout summary applies it. */
  const applyToBox = async (code: string) => {
    const bag = await bagWith(database.db, [["op-m8_pb-1b", 1]]);
    return applyPromotionToBag(as(holderOf(bag)), { code });
  };

  it("creates a code shoppers can use at once, with its audit entry", async () => {
    const created = await createPromotion(marketer(), { code: " spring-15 ", kind: "percent", value: 15 });
    expect(created).toMatchObject({ code: "SPRING-15", kind: "percent", value: 15, active: true, timesUsed: 0 });
    await expect(applyToBox("spring-15")).resolves.toBeUndefined();
    const audit = await queryRows<{ action: string }>(database.db, sql`select action from audit_log where target = 'SPRING-15'`);
    expect(audit).toEqual([{ action: "promotion.create" }]);
    await expect(createPromotion(marketer(), { code: "SPRING-15", kind: "amount", value: 500 })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("holds shoppers to the minimum spend, the last day and the switch", async () => {
    await createPromotion(marketer(), { code: "BIG50", kind: "amount", value: 1_000, minSpendCents: 5_000 });
    await expect(applyToBox("BIG50")).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "Spend at least S$50.00 to use this code.",
    });
    await createPromotion(marketer(), { code: "OFFSOON", kind: "amount", value: 500 });
    await updatePromotion(marketer(), { code: "offsoon", active: false });
    await expect(applyToBox("OFFSOON")).rejects.toMatchObject({ message: "That promotion code is no longer available." });
    await updatePromotion(marketer(), { code: "OFFSOON", active: true, lastDay: "2020-01-01" });
    await expect(applyToBox("OFFSOON")).rejects.toMatchObject({ message: "That promotion code has expired." });
    expect(await row("OFFSOON")).toMatchObject({ kind: "amount", value: 500, active: true });
  });

  it("refuses bad input, a limit below the uses so far, and anyone without the promotions permission", async () => {
    for (const input of [
      { code: "x", kind: "percent", value: 10 },
      { code: "TOO-MUCH", kind: "percent", value: 101 },
      { code: "ZERO", kind: "amount", value: 0 },
      { code: "BACKWARDS", kind: "amount", value: 100, firstDay: "2030-02-02", lastDay: "2030-02-01" },
      { code: "NODAY", kind: "amount", value: 100, lastDay: "2030-02-30" },
    ] as const) {
      await expect(createPromotion(marketer(), input)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    }
    await createPromotion(marketer(), { code: "USED", kind: "amount", value: 100, usageLimit: 5 });
    await database.db.update(promotionCodes).set({ timesUsed: 3 }).where(eq(promotionCodes.code, "USED"));
    await expect(updatePromotion(marketer(), { code: "USED", active: true, usageLimit: 2 })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    for (const viewer of [guest(), memberViewer("m-1"), staffWith("orders", "refunds", "catalog")]) {
      await expect(listPromotions(as(viewer), {})).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(createPromotion(as(viewer), { code: "SNEAKY", kind: "percent", value: 90 })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(updatePromotion(as(viewer), { code: "USED", active: false })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await row("SNEAKY")).toBeUndefined();
    expect(await row("USED")).toMatchObject({ active: true, usageLimit: 5 });
  });
});
