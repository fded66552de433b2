import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogRevision, optionSkus } from "../../db/schema/catalog.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { orders } from "../../db/schema/orders.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { stockLevels, stockMovements } from "../../db/schema/stock.ts";
import { seedRewards } from "../../db/seed/rewards.ts";
import { OPENING_STOCK, seedCatalog } from "../../db/seed/seed.ts";
import { addToBag } from "../../domain/bag/add-to-bag.ts";
import { getBag } from "../../domain/bag/get-bag.ts";
import { setBagLineQuantity } from "../../domain/bag/set-bag-line-quantity.ts";
import { findPurchaseOptions } from "../../domain/catalog/lookup.ts";
import { completeCheckout } from "../../domain/checkout/complete-checkout.ts";
import { expireCheckoutSession } from "../../domain/checkout/expire-checkout-session.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { addRedeemToBag } from "../../domain/loyalty/rewards/redeems/add-redeem-to-bag.ts";
import { previewRefund } from "../../domain/orders/refunds/preview-refund.ts";
import { refundOrderPayment } from "../../domain/orders/refunds/refund-order-payment.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { adjustStock } from "../../domain/stock/adjust-stock.ts";
import { lowStockEmail } from "../../domain/stock/low-stock.ts";
import { setStockThreshold } from "../../domain/stock/set-stock-threshold.ts";
import { MINUTE_MS } from "../../kernel/singapore-time.ts";
import { bagWith, checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { memberWithPoints } from "../setup/redeem-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const JOB: Viewer = { kind: "system", job: "expire-checkout-session" };
const CATALOG_STAFF = staffWith("catalog");
const CARD = "4242424242424242";
/** Options of one box each: the race and the ledger tests each take one of their own. */
const RACE_OPTION = "op-m8_pb-1b";
const LEDGER_OPTION = "op-m8_yd-1b";
const EXPIRY_OPTION = "op-m8_sb-1b";
const REFUND_OPTION = "op-m8_ll-1b";
const BAG_OPTION = "op-l8_yc-1b";

describe(`stock held, taken and returned (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  let elapsedMs = 0;
  const now = () => new Date(Date.now() + elapsedMs);
  const ctx = (viewer: Viewer = guest()) => {
    const base = testContext(database.db, { viewer, now, ports: checkoutPorts(recording) });
    return { ...base, settings: { ...base.settings, adminEmail: "stock@shop.test" } };
  };
  let address = 0;
  const start = (bagToken: string) =>
    startCheckout(ctx(holderOf(bagToken)), { ...SHIPPING, clientAddress: `198.51.100.${++address % 250}:${address}` });
  const buy = async (bagToken: string) => {
    const { sessionId } = await start(bagToken);
    expect(await recording.payments.pay(sessionId, CARD)).toMatchObject({ ok: true });
    return sessionId;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
    recording = recordingTestPayments(database.db, { now });
  });
  afterAll(() => database.close());

  async function skuOf(optionId: string): Promise<string> {
    const [line] = await database.db.select().from(optionSkus).where(eq(optionSkus.optionId, optionId));
    if (line?.qty !== 1) throw new Error(`${optionId} is not one box of one SKU`);
    return line.skuId;
  }
  async function level(skuId: string) {
    const [row] = await database.db.select().from(stockLevels).where(eq(stockLevels.skuId, skuId));
    if (!row) throw new Error(`no stock row for ${skuId}`);
    return { onHand: row.onHand, held: row.held, available: row.onHand - row.held };
  }
  /** On hand and held as the ledger adds them up: always the row's figures. */
  async function ledger(skuId: string) {
    const [row] = await database.db
      .select({
        onHand: sql<number>`sum(${stockMovements.onHandChange})::int`,
        held: sql<number>`sum(${stockMovements.heldChange})::int`,
      })
      .from(stockMovements)
      .where(eq(stockMovements.skuId, skuId));
    return { onHand: Number(row?.onHand), held: Number(row?.held) };
  }
  const movements = (where: ReturnType<typeof eq>) =>
    database.db.select().from(stockMovements).where(where).orderBy(stockMovements.id);
  /** Staff leave exactly `left` of the SKU to sell. */
  async function leave(skuId: string, left: number) {
    const { available } = await level(skuId);
    await adjustStock(ctx(CATALOG_STAFF), {
      skuId,
      reason: "counted",
      change: left - available,
      note: "Shelf count",
    });
  }
  const soldOut = async (optionId: string) =>
    (await findPurchaseOptions(ctx().catalog, [optionId])).get(optionId)?.option.soldOut;

  it("gives the last 3 boxes to exactly 3 of 50 shoppers racing for them; the rest are told it is sold out", async () => {
    const skuId = await skuOf(RACE_OPTION);
    const bags = await Promise.all(Array.from({ length: 50 }, () => bagWith(database.db, [[RACE_OPTION, 1]])));
    await leave(skuId, 3);
    const revisionBefore = (await database.db.select().from(catalogRevision))[0]?.revision ?? 0;

    const outcomes = await Promise.allSettled(bags.map((bagToken) => start(bagToken)));
    const started = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value.sessionId] : []));
    expect(started).toHaveLength(3);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(refusals).toHaveLength(47);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        code: "CONFLICT",
        message: expect.stringMatching(/ is sold out\. Please remove it from your bag\.$/),
      });
    }
    expect(await level(skuId)).toMatchObject({ held: 3, available: 0 });
    expect(await soldOut(RACE_OPTION)).toBe(true);
    expect((await database.db.select().from(catalogRevision))[0]?.revision).toBeGreaterThan(revisionBefore);

    const onHandBefore = (await level(skuId)).onHand;
    for (const sessionId of started) {
      expect(await recording.payments.pay(sessionId, CARD)).toMatchObject({ ok: true });
      expect((await completeCheckout(ctx(), { sessionId })).order).not.toBeNull();
    }
    const placed = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
      .where(sql`${checkoutSessions.id} in ${started}`);
    expect(Number(placed[0]?.count)).toBe(3);
    expect(await level(skuId)).toEqual({ onHand: onHandBefore - 3, held: 0, available: 0 });
    expect(await ledger(skuId)).toEqual({ onHand: onHandBefore - 3, held: 0 });
    await expect(addToBag(ctx(), { optionId: RACE_OPTION, quantity: 1 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/is sold out\.$/),
    });
  });

  it("holds at checkout, takes once however often the payment is fulfilled, and keeps the ledger equal to the row", async () => {
    const skuId = await skuOf(LEDGER_OPTION);
    const before = await level(skuId);
    const bagToken = await bagWith(database.db, [[LEDGER_OPTION, 2]]);
    const revision = async () => (await database.db.select().from(catalogRevision))[0]?.revision;
    const revisionBefore = await revision();
    const sessionId = await buy(bagToken);
    expect(await level(skuId)).toEqual({ onHand: before.onHand, held: 2, available: before.available - 2 });

    const event = await recording.lastEvent();
    const results = await Promise.all([
      completeCheckout(ctx(), { sessionId }),
      fulfilCheckout(ctx(), { sessionId, event }),
      fulfilCheckout(ctx(), { sessionId, event }),
      fulfilCheckout(ctx(), { sessionId }),
    ]);
    expect(new Set(results.map((result) => (result && "order" in result ? result.order?.id : result?.orderId))).size).toBe(1);
    await expireCheckoutSession(ctx(JOB), { sessionId });
    expect(await level(skuId)).toEqual({ onHand: before.onHand - 2, held: 0, available: before.available - 2 });
    const sessionMoves = await movements(eq(stockMovements.checkoutSessionId, sessionId));
    expect(sessionMoves.map((move) => [move.reason, move.onHandChange, move.heldChange])).toEqual([
      ["held", 0, 2],
      ["sold", -2, -2],
    ]);
    expect(await ledger(skuId)).toEqual({ onHand: before.onHand - 2, held: 0 });
    // Nothing turned sold out or back, so kept pages stay.
    expect(await revision()).toBe(revisionBefore);
    expect(OPENING_STOCK).toBe(500);
  });

  it("holds the rewards a member takes with the order alongside the bag, and sells them with it", async () => {
    const reward = "op-l4_cp-1b";
    const skuId = await skuOf(reward);
    const before = await level(skuId);
    const member = await memberWithPoints(database.db, 1000);
    await addRedeemToBag(member.as(), { memberId: member.id, meta: { optionId: reward } });
    const bagToken = await bagWith(database.db, [[EXPIRY_OPTION, 1]]);
    const { sessionId } = await startCheckout(ctx(holderOf(bagToken, member.id)), { ...SHIPPING, clientAddress: "192.0.2.77" });
    expect(await level(skuId)).toEqual({ ...before, held: before.held + 1, available: before.available - 1 });
    expect(await recording.payments.pay(sessionId, CARD)).toMatchObject({ ok: true });
    expect((await completeCheckout(ctx(), { sessionId })).order?.rewards).toHaveLength(1);
    expect(await level(skuId)).toEqual({ onHand: before.onHand - 1, held: before.held, available: before.available - 1 });
  });

  it("gives back an unpaid checkout's hold once when it expires, and when a newer checkout of the bag replaces it", async () => {
    const skuId = await skuOf(EXPIRY_OPTION);
    const before = await level(skuId);
    const bagToken = await bagWith(database.db, [[EXPIRY_OPTION, 1]]);
    const first = await start(bagToken);
    const second = await start(bagToken);
    expect(await level(skuId)).toMatchObject({ held: 1 });
    expect((await movements(eq(stockMovements.checkoutSessionId, first.sessionId))).map((move) => move.reason)).toEqual([
      "held",
      "released",
    ]);

    elapsedMs += 31 * MINUTE_MS;
    try {
      await expireCheckoutSession(ctx(JOB), { sessionId: second.sessionId });
      await expireCheckoutSession(ctx(JOB), { sessionId: second.sessionId });
    } finally {
      elapsedMs = 0;
    }
    expect(await level(skuId)).toEqual(before);
    expect((await movements(eq(stockMovements.checkoutSessionId, second.sessionId))).map((move) => move.reason)).toEqual([
      "held",
      "released",
    ]);
    expect(await ledger(skuId)).toEqual({ onHand: before.onHand, held: before.held });
  });

  it("puts a cancelled order's boxes back, and a refund's only when staff tick restock", async () => {
    const skuId = await skuOf(REFUND_OPTION);
    const refunds = testContext(database.db, { viewer: staffWith("refunds"), ports: checkoutPorts(recording) });
    const orderOf = async (sessionId: string) => {
      const { order } = await completeCheckout(ctx(), { sessionId });
      if (!order) throw new Error("no order");
      return order;
    };
    const start0 = (await level(skuId)).onHand;
    const kept = await orderOf(await buy(await bagWith(database.db, [[REFUND_OPTION, 2]])));
    const cancelled = await orderOf(await buy(await bagWith(database.db, [[REFUND_OPTION, 1]])));
    const restocked = await orderOf(await buy(await bagWith(database.db, [[REFUND_OPTION, 3]])));
    expect((await level(skuId)).onHand).toBe(start0 - 6);

    // The amount staff confirm is the one the refund form shows them.
    const refund = async (order: typeof kept, extra: { cancel?: boolean; restock?: boolean; lines?: number }) => {
      const what = extra.lines
        ? { kind: "lines" as const, lines: [{ position: 0, quantity: extra.lines }] }
        : { kind: "rest" as const };
      const { amountCents } = await previewRefund(refunds, { orderId: order.id, what, reason: "Returned" });
      return refundOrderPayment(refunds, {
        orderId: order.id,
        what,
        reason: "Returned",
        cancel: extra.cancel ?? false,
        restock: extra.restock ?? false,
        refundId: randomUUID(),
        confirmedCents: amountCents,
      });
    };
    expect(await refund(kept, {})).toMatchObject({ status: "succeeded" });
    expect((await level(skuId)).onHand).toBe(start0 - 6);
    expect(await refund(cancelled, { cancel: true })).toMatchObject({ status: "succeeded" });
    expect((await level(skuId)).onHand).toBe(start0 - 5);
    expect(await refund(restocked, { restock: true, lines: 1 })).toMatchObject({ status: "succeeded" });
    expect((await level(skuId)).onHand).toBe(start0 - 4);
    expect(await ledger(skuId)).toMatchObject({ onHand: start0 - 4 });
  });

  it("refuses to put more in a bag than is left to sell, says how many are left, and always lets a line go down", async () => {
    const skuId = await skuOf(BAG_OPTION);
    await leave(skuId, 2);
    const bagToken = await bagWith(database.db, [[BAG_OPTION, 1]]);
    const holder = () => ctx(holderOf(bagToken));
    const quantityInBag = async () => (await getBag(holder(), {})).lines.find((line) => line.optionId === BAG_OPTION)?.quantity;
    // The bag is unchanged, so the shopper is told what it already holds rather than asked to lower it.
    const onlyTwoLeft = { code: "CONFLICT", message: expect.stringMatching(/^Only 2 of .+ left\. Your bag already has 1\.$/) };

    await expect(addToBag(holder(), { optionId: BAG_OPTION, quantity: 2 })).rejects.toMatchObject(onlyTwoLeft);
    expect(await quantityInBag()).toBe(1);
    await expect(setBagLineQuantity(holder(), { optionId: BAG_OPTION, quantity: 3 })).rejects.toMatchObject(onlyTwoLeft);
    expect(await quantityInBag()).toBe(1);
    await addToBag(holder(), { optionId: BAG_OPTION, quantity: 1 });
    expect(await quantityInBag()).toBe(2);

    await leave(skuId, 1);
    await setBagLineQuantity(holder(), { optionId: BAG_OPTION, quantity: 1 });
    expect(await quantityInBag()).toBe(1);
    expect(await level(skuId)).toMatchObject({ held: 0, available: 1 });
  });

  it("audits adjustments, refuses to take off what checkouts hold, and emails staff once per fall below the threshold", async () => {
    const skuId = await skuOf(LEDGER_OPTION);
    const staff = () => ctx(CATALOG_STAFF);
    await setStockThreshold(staff(), { skuId, lowStockThreshold: 5 });
    await leave(skuId, 7);
    const lowEmails = async () =>
      (
        await database.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.kind, "low-stock"), sql`${emailOutbox.data}->>'skuId' = ${skuId}`))
      ).length;
    expect(await lowEmails()).toBe(0);

    const bags = await Promise.all([1, 2, 3].map(() => bagWith(database.db, [[LEDGER_OPTION, 1]])));
    for (const bagToken of bags) await start(bagToken);
    expect((await level(skuId)).available).toBe(4);
    expect(await lowEmails()).toBe(1);
    await start(await bagWith(database.db, [[LEDGER_OPTION, 1]]));
    expect(await lowEmails()).toBe(1);
    const [outbox] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "low-stock"), sql`${emailOutbox.data}->>'skuId' = ${skuId}`));
    expect(await lowStockEmail(ctx(), outbox?.data ?? null)).toMatchObject({
      to: "stock@shop.test",
      subject: `[Nectar Lab] Low stock: Yuzu Delight (${skuId}), 5 left`,
    });

    const { held, onHand } = await level(skuId);
    await expect(adjustStock(staff(), { skuId, reason: "damaged", change: -(onHand - held + 1) })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await adjustStock(staff(), { skuId, reason: "received", change: 40, note: "Delivery 42" });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "stock.adjust"), eq(auditLog.target, skuId)))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(entry?.after).toMatchObject({ change: 40, reason: "received", note: "Delivery 42" });
    await expect(adjustStock(staff(), { skuId, reason: "received", change: -1 })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await leave(skuId, 2);
    expect(await lowEmails()).toBe(2);
    expect(await ledger(skuId)).toEqual({ onHand: (await level(skuId)).onHand, held: (await level(skuId)).held });
  });
});
