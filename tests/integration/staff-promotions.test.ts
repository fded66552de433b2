import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bags } from "../../db/schema/bags.ts";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { bagIdOf } from "../../domain/bag/bag-token.ts";
import { applyPromotionToBag } from "../../domain/checkout/apply-promotion.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { createPromotion, listPromotions, promotionStamp, updatePromotion } from "../../domain/promotions/manage-promotions.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { bagWith, checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

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

  it("refuses a save from a page opened before someone switched the code off, which stays off", async () => {
    await createPromotion(marketer(), { code: "TWOTABS", kind: "amount", value: 500 });
    const opened = async () => {
      const found = (await listPromotions(marketer(), {})).find((promotion) => promotion.code === "TWOTABS");
      if (!found) throw new Error("the code is missing");
      return promotionStamp(found);
    };
    const first = await opened();
    const second = await opened();
    // A shopper's use since the pages opened is not an edit.
    await database.db
      .update(promotionCodes)
      .set({ timesUsed: sql`${promotionCodes.timesUsed} + 1` })
      .where(eq(promotionCodes.code, "TWOTABS"));
    await updatePromotion(marketer(), { code: "TWOTABS", active: false, seen: first });
    await expect(
      updatePromotion(marketer(), { code: "TWOTABS", active: true, usageLimit: 50, seen: second }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("Someone else saved this code") });
    expect(await row("TWOTABS")).toMatchObject({ active: false, usageLimit: null });
    await updatePromotion(marketer(), { code: "TWOTABS", active: true, usageLimit: 50, seen: await opened() });
    expect(await row("TWOTABS")).toMatchObject({ active: true, usageLimit: 50 });
    // A client that sends no stamp, or an empty one, is not checked.
    await updatePromotion(marketer(), { code: "TWOTABS", active: true, usageLimit: 60, seen: "" });
    expect(await row("TWOTABS")).toMatchObject({ usageLimit: 60 });
  });

  it("takes nothing off the products a code leaves out", async () => {
    await createPromotion(marketer(), { code: "NOLUNA", kind: "percent", value: 10, excludedProductIds: ["m8"] });
    await expect(applyToBox("NOLUNA")).rejects.toMatchObject({
      message: "That promotion code doesn't apply to anything in your bag.",
    });
    const mixed = await bagWith(database.db, [
      ["op-m8_pb-1b", 1],
      ["op-j4_yz-1b", 1],
    ]);
    await applyPromotionToBag(as(holderOf(mixed)), { code: "NOLUNA" });
    await updatePromotion(marketer(), { code: "NOLUNA", active: true, excludedProductIds: [] });
    expect(await row("NOLUNA")).toMatchObject({ excludedProductIds: [] });
    await expect(
      createPromotion(marketer(), { code: "GHOST", kind: "percent", value: 10, excludedProductIds: ["no-such-product"] }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", fields: { excludedProductIds: "names a product that does not exist" } });
  });

  it("holds each customer to the uses per customer, even when they check out twice at once", async () => {
    const recording = recordingTestPayments(database.db);
    const checkout = async (email: string) => {
      const bag = await bagWith(database.db, [["op-m8_pb-1b", 1]]);
      await database.db
        .update(bags)
        .set({ promotionCode: "ONEEACH" })
        .where(eq(bags.id, bagIdOf(bag)));
      const ctx = testContext(database.db, { viewer: holderOf(bag), ports: checkoutPorts(recording) });
      return startCheckout(ctx, { ...SHIPPING, email });
    };
    await createPromotion(marketer(), { code: "ONEEACH", kind: "amount", value: 500, perCustomerLimit: 1 });
    await checkout("first@example.com");
    await expect(checkout("FIRST@example.com")).rejects.toMatchObject({ message: "You have used this promotion code already." });
    await checkout("second@example.com");
    const together = await Promise.allSettled([checkout("third@example.com"), checkout("third@example.com")]);
    expect(together.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await row("ONEEACH")).toMatchObject({ timesUsed: 3 });
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
