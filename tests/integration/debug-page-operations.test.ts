import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import { seedPromotionCodes } from "../../db/seed/promotions.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { checkPromotionCode } from "../../domain/checkout/check-promotion-code.ts";
import { previewPromotionDisplay } from "../../domain/checkout/preview-promotion-display.ts";
import { listMemberOrders } from "../../domain/orders/list-member-orders.ts";
import { createTestPromotionCode } from "../../domain/promotions/create-test-promotion-code.ts";
import { listPromotionCodes } from "../../domain/promotions/list-promotion-codes.ts";
import { guest } from "../../domain/shared/context.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { bagWith } from "../setup/checkout-fixtures.ts";
import { memberViewer, testContext } from "../setup/operation-context.ts";
import { failureOf, orderLinkFixture } from "../setup/order-link-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const BOX = "op-m8_ba-1b";

describe(`the debug pages' operations (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const { as, newMember, newEmail, order, claim } = orderLinkFixture(() => database.db);
  const debugGuest = (bagToken: string | null = null) => testContext(database.db, { viewer: guest(bagToken), debug: true });
  let excludedOption: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedPromotionCodes(database.db);
    const products = await testContext(database.db).catalog.products();
    const excluded = products.find((product) => product.campaignDiscountExclusion);
    if (!excluded?.options[0]) throw new Error("the seeded catalogue has no product excluded from campaign discounts");
    excludedOption = excluded.options[0].optionId;
  });
  afterAll(() => database.close());

  describe("listMemberOrders", () => {
    it("lists the member's linked orders and the unlinked ones with their email, newest first, never another member's", async () => {
      const owner = await newMember();
      const neighbour = await newMember();
      const older = await order(new Date(Date.now() - 3 * DAY_MS), owner.email);
      const newer = await order(new Date(Date.now() - DAY_MS), owner.email);
      const claimedByNeighbour = await order(new Date(), owner.email);
      const linkedElsewhere = await order(new Date(Date.now() - 2 * DAY_MS));
      const strangers = await order(new Date());
      await claim(owner.id, linkedElsewhere.invoiceId);
      await claim(neighbour.id, claimedByNeighbour.invoiceId);

      const listed = await listMemberOrders(as(owner.id, true), {});
      expect(listed.emails).toEqual([owner.email]);
      expect(listed.orders.map((row) => row.invoiceId)).toEqual([newer.invoiceId, linkedElsewhere.invoiceId, older.invoiceId]);
      expect(listed.orders.find((row) => row.invoiceId === linkedElsewhere.invoiceId)?.memberId).toBe(owner.id);
      const shown = JSON.stringify(listed);
      expect(shown).not.toContain(claimedByNeighbour.invoiceId);
      expect(shown).not.toContain(strangers.invoiceId);
      expect(listed.dummyOrders).toEqual([]);
    });

    it("is refused with debug mode off, and to a visitor", async () => {
      const owner = await newMember();
      expect(await failureOf(listMemberOrders(as(owner.id, false), {}))).toMatchObject({ code: "FORBIDDEN" });
      expect(await failureOf(listMemberOrders(debugGuest(), {}))).toMatchObject({ code: "UNAUTHENTICATED" });
    });
  });

  describe("previewPromotionDisplay", () => {
    it("prices one of the product at checkout with the code", async () => {
      const display = await previewPromotionDisplay(debugGuest(), { code: "welcome10", optionId: BOX });
      expect(display.problem).toBeNull();
      expect(display.promotion?.code).toBe("WELCOME10");
      const price = display.option.optionPriceCents;
      expect(display.bag.subtotalCents).toBe(price);
      expect(display.pricing.discountCents).toBe(Math.round(price / 10));
      expect(display.pricing.lines[0]?.discountCents).toBe(Math.round(price / 10));
    });

    it("gives a product excluded from campaign discounts nothing, with the shopper's message", async () => {
      const display = await previewPromotionDisplay(debugGuest(), { code: "WELCOME10", optionId: excludedOption });
      expect(display.product.campaignDiscountExclusion).toBe(true);
      expect(display.problem).toBe("That promotion code doesn't apply to anything in your bag.");
      expect(display.pricing.discountCents).toBe(0);
    });

    it("gives the shopper's message for unknown, expired, not yet active and used-up codes", async () => {
      const owner = await newMember();
      const member = testContext(database.db, { viewer: memberViewer(owner.id), debug: true });
      const later = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
      const usedUp = await createTestPromotionCode(member, { kind: "amount", value: "300", usageLimit: "1" });
      await database.db.update(promotionCodes).set({ timesUsed: 1 }).where(eq(promotionCodes.code, usedUp.code));
      const future = await createTestPromotionCode(member, { kind: "percent", value: "5", lastDay: later });
      await database.db
        .update(promotionCodes)
        .set({ startsAt: new Date(Date.now() + DAY_MS) })
        .where(eq(promotionCodes.code, future.code));
      const problemOf = async (code: string) => (await previewPromotionDisplay(debugGuest(), { code, optionId: BOX })).problem;
      expect(await problemOf("NOSUCHCODE")).toBe("That promotion code doesn't exist.");
      expect(await problemOf("NEWYEAR25")).toBe("That promotion code has expired.");
      expect(await problemOf(future.code)).toBe("That promotion code isn't active yet.");
      expect(await problemOf(usedUp.code)).toBe("That promotion code has been fully used.");
    });

    it("refuses with debug mode off, and an unknown option or an empty code as bad input", async () => {
      const off = testContext(database.db, { viewer: guest(), debug: false });
      expect(await failureOf(previewPromotionDisplay(off, { code: "WELCOME10", optionId: BOX }))).toMatchObject({
        code: "FORBIDDEN",
      });
      expect(
        await failureOf(previewPromotionDisplay(debugGuest(), { code: "WELCOME10", optionId: "op-nothing-1b" })),
      ).toMatchObject({
        code: "BAD_USER_INPUT",
      });
      expect(await failureOf(previewPromotionDisplay(debugGuest(), { code: " ", optionId: BOX }))).toMatchObject({
        code: "BAD_USER_INPUT",
      });
    });
  });

  describe("promotion codes", () => {
    /** A signed-in member in a debug shop: the only viewer the list of codes is for. */
    const debugMember = async () => testContext(database.db, { viewer: memberViewer((await newMember()).id), debug: true });

    it("lists the codes and checks one against the viewer's own bag, line by line", async () => {
      const codes = await listPromotionCodes(await debugMember(), {});
      expect(codes.map((code) => code.code)).toEqual(expect.arrayContaining(["FIRST1", "NEWYEAR25", "SAVE5", "WELCOME10"]));
      const bagToken = await bagWith(database.db, [
        [BOX, 2],
        [excludedOption, 1],
      ]);
      const check = await checkPromotionCode(debugGuest(bagToken), { code: "SAVE5" });
      expect(check.problem).toBeNull();
      // The code's S$5 falls on the box it may touch (beside the saving of two boxes bought together), none on the excluded option.
      expect(check.pricing.adjustments).toContainEqual(expect.objectContaining({ source: "promotion-code", cents: 500 }));
      expect(check.pricing.lines.map((line) => line.discountCents > 0)).toEqual([true, false]);
      expect((await checkPromotionCode(debugGuest(), { code: "SAVE5" })).problem).toBe("Your bag is empty.");
      expect((await checkPromotionCode(debugGuest(bagToken), { code: "NEWYEAR25" })).problem).toBe(
        "That promotion code has expired.",
      );
    });

    it("creates a test code for a signed-in member in debug mode, generated unless given, once", async () => {
      const owner = await newMember();
      const member = testContext(database.db, { viewer: memberViewer(owner.id), debug: true });
      const generated = await createTestPromotionCode(member, { kind: "percent", value: "15" });
      expect(generated).toMatchObject({ kind: "percent", value: 15, usageLimit: null, endsAt: null, timesUsed: 0 });
      expect(generated.code).toMatch(/^TEST-[A-Z2-9]{6}$/);
      const named = newEmail().slice(6, 14).toUpperCase();
      const chosen = await createTestPromotionCode(member, {
        code: `try-${named}`,
        kind: "amount",
        value: "250",
        usageLimit: "3",
        lastDay: "2099-12-31",
      });
      expect(chosen).toMatchObject({
        code: `TRY-${named}`,
        value: 250,
        usageLimit: 3,
        endsAt: new Date("2100-01-01T00:00:00+08:00"),
      });
      expect(
        await failureOf(createTestPromotionCode(member, { code: `TRY-${named}`, kind: "amount", value: "1" })),
      ).toMatchObject({
        code: "CONFLICT",
      });
      const listed = await listPromotionCodes(member, {});
      expect(listed.filter((code) => code.code === `TRY-${named}`)).toHaveLength(1);
    });

    it("refuses bad input, debug mode off and a visitor, creating nothing", async () => {
      const owner = await newMember();
      const member = testContext(database.db, { viewer: memberViewer(owner.id), debug: true });
      const before = (await listPromotionCodes(member, {})).length;
      for (const input of [
        { kind: "percent", value: "150" },
        { kind: "gift", value: "5" },
        { kind: "amount", value: "0" },
        { kind: "amount", value: "abc" },
        { kind: "amount", value: "100", code: "no spaces allowed" },
        { kind: "amount", value: "100", lastDay: "31/12/2099" },
        { kind: "amount", value: "100", lastDay: "2001-01-01" },
        { kind: "amount", value: "100", usageLimit: "0" },
      ]) {
        expect(await failureOf(createTestPromotionCode(member, input))).toMatchObject({ code: "BAD_USER_INPUT" });
      }
      const off = testContext(database.db, { viewer: memberViewer(owner.id), debug: false });
      expect(await failureOf(createTestPromotionCode(off, { kind: "amount", value: "100" }))).toMatchObject({
        code: "FORBIDDEN",
      });
      expect(await failureOf(createTestPromotionCode(debugGuest(), { kind: "amount", value: "100" }))).toMatchObject({
        code: "UNAUTHENTICATED",
      });
      expect(await failureOf(listPromotionCodes(testContext(database.db), {}))).toMatchObject({ code: "FORBIDDEN" });
      // A visitor in a debug shop never sees the codes: each is money off for whoever types it.
      expect(await failureOf(listPromotionCodes(debugGuest(), {}))).toMatchObject({ code: "UNAUTHENTICATED" });
      expect(await failureOf(checkPromotionCode(testContext(database.db), { code: "SAVE5" }))).toMatchObject({
        code: "FORBIDDEN",
      });
      expect((await listPromotionCodes(member, {})).length).toBe(before);
    });
  });
});
