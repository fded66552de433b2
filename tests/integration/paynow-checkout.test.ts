import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bagLines } from "../../db/schema/bags.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { orders } from "../../db/schema/orders.ts";
import { paymentMethodSettings } from "../../db/schema/payment-methods.ts";
import { stockLevels } from "../../db/schema/stock.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { bagIdOf } from "../../domain/bag/bag-token.ts";
import { endCheckout } from "../../domain/checkout/close-checkout.ts";
import { completeCheckout } from "../../domain/checkout/complete-checkout.ts";
import { handlePaymentEvent } from "../../domain/checkout/handle-payment-event.ts";
import { payTestCheckoutBy } from "../../domain/checkout/pay-test-checkout.ts";
import { receivePaymentWebhook } from "../../domain/checkout/receive-payment-webhook.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { bagWith, checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const PROVIDER: Viewer = { kind: "system", job: "redeliver-webhook" };

describe(`PayNow: the order waits for the payment, exactly once, whatever order the events come in (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  const ctx = (viewer: Viewer = guest()) => testContext(database.db, { viewer, ports: checkoutPorts(recording) });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
    await database.db.insert(paymentMethodSettings).values({ id: "shop", paynow: true, googlePay: true });
  });
  afterAll(() => database.close());

  const held = async () =>
    Number((await database.db.select({ held: sql<number>`sum(${stockLevels.held})::int` }).from(stockLevels))[0]?.held);
  const ordersOf = (sessionId: string) => database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
  const sessionStatus = async (sessionId: string) =>
    (await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)))[0]?.status;
  const bagLineCount = async (bagToken: string) =>
    (
      await database.db
        .select()
        .from(bagLines)
        .where(eq(bagLines.bagId, bagIdOf(bagToken) ?? ""))
    ).length;

  /** The provider's recorded event, signed as it is sent. */
  async function signed(eventId: string) {
    const event = await recording.payments.signedEvent(eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    return event;
  }
  const deliver = async (eventId: string) => receivePaymentWebhook(ctx(PROVIDER), await signed(eventId));

  /** A bag checked out and its PayNow payment started at the provider, its events kept undelivered. */
  async function startedPayNow() {
    const bagToken = await bagWith(database.db, [["op-m8_ba-1b", 1]]);
    const { sessionId } = await startCheckout(ctx(holderOf(bagToken)), SHIPPING);
    const started = await recording.payments.startPayNow(sessionId);
    if (!started.ok) throw new Error(started.message);
    return { bagToken, sessionId, completedEvent: started.eventId };
  }
  const end = async (sessionId: string, how: "paid" | "failed" | "expired") => {
    const outcome = await recording.payments.endPayNow(sessionId, how);
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.eventId;
  };

  let heldBefore = 0;
  beforeEach(async () => {
    heldBefore = await held();
  });

  it("places nothing while the payment is on its way, says so, then places one PayNow order when it arrives", async () => {
    const { bagToken, sessionId, completedEvent } = await startedPayNow();
    await deliver(completedEvent);
    expect(await ordersOf(sessionId)).toEqual([]);
    expect(await completeCheckout(ctx(), { sessionId })).toMatchObject({ order: null, awaiting: "PayNow" });
    expect(await held()).toBeGreaterThan(heldBefore);

    await deliver(await end(sessionId, "paid"));
    const [order] = await ordersOf(sessionId);
    expect(order).toMatchObject({ paymentMethod: "paynow", cardBrand: null, cardLast4: null });
    expect(await completeCheckout(ctx(), { sessionId })).toMatchObject({ awaiting: null, order: { id: order?.id } });
    expect(await bagLineCount(bagToken)).toBe(0);
    expect(await held()).toBe(heldBefore);
  });

  it("places one order when the success arrives before the completion, and duplicates of both race it", async () => {
    const { sessionId, completedEvent } = await startedPayNow();
    const succeeded = await end(sessionId, "paid");
    await deliver(succeeded);
    expect(await ordersOf(sessionId)).toHaveLength(1);
    await Promise.all([
      deliver(completedEvent),
      deliver(succeeded),
      deliver(succeeded),
      completeCheckout(ctx(), { sessionId }),
      deliver(completedEvent),
    ]);
    expect(await ordersOf(sessionId)).toHaveLength(1);
    expect(await sessionStatus(sessionId)).toBe("complete");
  });

  it("places exactly one order when every event and the shopper's return arrive at once", async () => {
    const { sessionId, completedEvent } = await startedPayNow();
    const succeeded = await end(sessionId, "paid");
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => deliver(succeeded)),
      deliver(completedEvent),
      completeCheckout(ctx(), { sessionId }),
      completeCheckout(ctx(), { sessionId }),
    ]);
    expect(results.filter((result) => result !== null && "created" in result && result.created)).toHaveLength(1);
    expect(await ordersOf(sessionId)).toHaveLength(1);
  });

  it("keeps the bag and gives the holds back when the payment fails, with a message, and a late repeat changes nothing", async () => {
    const { bagToken, sessionId, completedEvent } = await startedPayNow();
    await deliver(completedEvent);
    const failed = await end(sessionId, "failed");
    await deliver(failed);
    await deliver(failed);
    expect(await sessionStatus(sessionId)).toBe("failed");
    expect(await ordersOf(sessionId)).toEqual([]);
    expect(await bagLineCount(bagToken)).toBe(1);
    expect(await held()).toBe(heldBefore);
    expect(await completeCheckout(ctx(), { sessionId })).toMatchObject({
      order: null,
      awaiting: null,
      message: expect.stringContaining("did not go through"),
    });
    // A failed PayNow payment cannot be paid after all.
    expect(await recording.payments.endPayNow(sessionId, "paid")).toMatchObject({ ok: false });
  });

  it("keeps the bag when the PayNow code is left to expire", async () => {
    const { bagToken, sessionId, completedEvent } = await startedPayNow();
    await deliver(await end(sessionId, "expired"));
    await deliver(completedEvent);
    expect(await sessionStatus(sessionId)).toBe("expired");
    expect(await bagLineCount(bagToken)).toBe(1);
    expect(await held()).toBe(heldBefore);
    expect((await completeCheckout(ctx(), { sessionId })).message).toContain("expired before it was paid");
  });

  it("places the order when the payment arrives after the shop's own expiry closed the checkout, taking the stock", async () => {
    const { sessionId, completedEvent } = await startedPayNow();
    await deliver(completedEvent);
    // The expiry job: the provider cannot end a session the shopper finished, so the shop closes its side.
    await endCheckout(ctx({ kind: "system", job: "expire-checkout-session" }), { id: sessionId, provider: "test" });
    expect(await sessionStatus(sessionId)).toBe("expired");
    expect(await held()).toBe(heldBefore);

    await deliver(await end(sessionId, "paid"));
    expect(await ordersOf(sessionId)).toMatchObject([{ paymentMethod: "paynow" }]);
    expect(await sessionStatus(sessionId)).toBe("complete");
    expect(await held()).toBe(heldBefore);
  });

  it("places one order when a stale failure arrives before the success the provider holds", async () => {
    const { sessionId, completedEvent } = await startedPayNow();
    const succeeded = await end(sessionId, "paid");
    const staleFailure = { id: "evt_stale_failure", type: "checkout.session.async_payment_failed", sessionId, refund: null };
    await handlePaymentEvent(ctx(PROVIDER), staleFailure);
    expect(await sessionStatus(sessionId)).toBe("failed");
    await deliver(succeeded);
    await deliver(completedEvent);
    expect(await ordersOf(sessionId)).toHaveLength(1);
    // And a failure arriving after the order changes nothing.
    await handlePaymentEvent(ctx(PROVIDER), { ...staleFailure, id: "evt_late_failure" });
    expect(await sessionStatus(sessionId)).toBe("complete");
  });

  it("pays by a wallet button as a card, and refuses a method the merchant did not turn on", async () => {
    const bagToken = await bagWith(database.db, [["op-m8_ba-1b", 1]]);
    const { sessionId } = await startCheckout(ctx(holderOf(bagToken)), SHIPPING);
    expect(await payTestCheckoutBy(ctx(), { sessionId, way: "apple_pay" })).toMatchObject({ ok: false });
    expect(await payTestCheckoutBy(ctx(), { sessionId, way: "grabpay" })).toMatchObject({ ok: false });
    expect(await payTestCheckoutBy(ctx(), { sessionId, way: "google_pay" })).toMatchObject({ ok: true });
    expect(await ordersOf(sessionId)).toMatchObject([
      { paymentMethod: "card", cardBrand: "visa", cardLast4: "4242", cardWallet: "google_pay" },
    ]);
  });
});
