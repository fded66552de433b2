import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import { seedPromotionCodes } from "../../db/seed/promotions.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { applyPromotionToBag } from "../../domain/checkout/apply-promotion.ts";
import { checkoutSummary } from "../../domain/checkout/checkout-summary.ts";
import { completeCheckout } from "../../domain/checkout/complete-checkout.ts";
import { expireCheckoutSession } from "../../domain/checkout/expire-checkout-session.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { CHECKOUT_HOLD_MINUTES } from "../../domain/promotions/promotion-hold.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { MINUTE_MS } from "../../kernel/singapore-time.ts";
import { bagWith, checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

/** The expire-checkout-session job. */
const JOB: Viewer = { kind: "system", job: "expire-checkout-session" };

describe(`a limited promotion code held by a checkout (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  /** The shop's clock and the test provider's, moved forward to let sessions lapse. */
  let elapsedMs = 0;
  const now = () => new Date(Date.now() + elapsedMs);
  const ctx = (viewer: Viewer = guest()) => testContext(database.db, { viewer, now, ports: checkoutPorts(recording) });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedPromotionCodes(database.db);
    recording = recordingTestPayments(database.db, { now });
  });
  afterAll(() => database.close());

  const timesUsed = async (code: string) =>
    (await database.db.select().from(promotionCodes).where(eq(promotionCodes.code, code)))[0]?.timesUsed;
  const sessionStatus = async (sessionId: string) =>
    (await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)))[0]?.status;

  /** A code that can be used once, of its own for one test. */
  async function oneUseCode(code: string) {
    await database.db.insert(promotionCodes).values({
      code,
      kind: "amount",
      value: 500,
      startsAt: new Date("2024-01-01T00:00:00+08:00"),
      usageLimit: 1,
    });
    return code;
  }

  /** A bag of one 8-serving box with the code applied, as the summary page applies it. */
  async function bagWithCode(code: string) {
    const bagToken = await bagWith(database.db, [["op-m8_pb-1b", 1]]);
    await applyPromotionToBag(ctx(holderOf(bagToken)), { code });
    return bagToken;
  }

  it("lets the shopper whose card was declined try again with FIRST1", async () => {
    const bagToken = await bagWithCode("first1");
    const first = await startCheckout(ctx(holderOf(bagToken)), SHIPPING);
    expect(await timesUsed("FIRST1")).toBe(1);
    expect(await recording.payments.pay(first.sessionId, "4000 0000 0000 0002")).toEqual({
      ok: false,
      message: "Your card was declined.",
    });

    const retry = await startCheckout(ctx(holderOf(bagToken)), SHIPPING);
    expect(await sessionStatus(first.sessionId)).toBe("expired");
    expect(await timesUsed("FIRST1")).toBe(1);
    expect(await recording.payments.pay(first.sessionId, "4242 4242 4242 4242")).toEqual({
      ok: false,
      message: "This payment session has ended.",
    });
    expect(await recording.payments.pay(retry.sessionId, "4242 4242 4242 4242")).toMatchObject({ ok: true });
    const { order } = await completeCheckout(ctx(), { sessionId: retry.sessionId });
    expect(order).toMatchObject({
      adjustments: [{ source: "promotion-code", code: "FIRST1", cents: 1000 }],
      discountCents: 1000,
    });
    expect(await timesUsed("FIRST1")).toBe(1);
  });

  it("releases the hold when the shopper comes back from payment to the summary", async () => {
    const code = await oneUseCode("BACK1");
    const bagToken = await bagWithCode(code);
    const { sessionId } = await startCheckout(ctx(holderOf(bagToken)), SHIPPING);
    expect(await timesUsed(code)).toBe(1);

    const summary = await checkoutSummary(ctx(holderOf(bagToken)), { cancelledPayment: true });
    expect(summary).toMatchObject({ promotionError: null, pricing: { promotionCode: code, discountCents: 500 } });
    expect(await timesUsed(code)).toBe(0);
    expect(await sessionStatus(sessionId)).toBe("expired");
    await checkoutSummary(ctx(holderOf(bagToken)), { cancelledPayment: true });
    expect(await timesUsed(code)).toBe(0);
  });

  it("releases an abandoned session's hold once when its 30 minutes are up, and it can no longer be paid", async () => {
    const code = await oneUseCode("GONE1");
    const bagToken = await bagWithCode(code);
    const { sessionId } = await startCheckout(ctx(holderOf(bagToken)), SHIPPING);
    const [job] = recording.jobs.named("expire-checkout-session").filter((sent) => sent.data.sessionId === sessionId);
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(CHECKOUT_HOLD_MINUTES).toBe(30);
    expect(session?.expiresAt.getTime()).toBeGreaterThan(now().getTime() + 29 * MINUTE_MS);
    expect(session?.expiresAt.getTime()).toBeLessThanOrEqual(now().getTime() + 30 * MINUTE_MS);
    expect(job?.options).toMatchObject({ startAfter: session?.expiresAt, retryLimit: expect.any(Number) });
    expect(job?.options?.tx).toBeDefined();

    await expect(expireCheckoutSession(ctx(), { sessionId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    elapsedMs += 29 * MINUTE_MS;
    await expect(expireCheckoutSession(ctx(JOB), { sessionId })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await timesUsed(code)).toBe(1);

    elapsedMs += 2 * MINUTE_MS;
    try {
      expect((await recording.payments.findSession(sessionId))?.status).toBe("expired");
      expect(await recording.payments.pay(sessionId, "4242424242424242")).toEqual({
        ok: false,
        message: "This payment session has ended.",
      });
      await expireCheckoutSession(ctx(JOB), { sessionId });
      await expireCheckoutSession(ctx(JOB), { sessionId });
      expect(await timesUsed(code)).toBe(0);
      expect(await sessionStatus(sessionId)).toBe("expired");
      expect((await completeCheckout(ctx(), { sessionId })).message).toBe(
        "This checkout expired before it was paid, so no order was placed. Your bag is kept.",
      );
    } finally {
      elapsedMs = 0;
    }
  });

  it("gives the last use to one of two shoppers racing for it, and to the other once the winner gives up", async () => {
    const code = await oneUseCode("LAST1");
    const [winnerBag, loserBag] = await Promise.all([bagWithCode(code), bagWithCode(code)]);
    const bags = [winnerBag, loserBag] as const;
    const outcomes = await Promise.allSettled(bags.map((bagToken) => startCheckout(ctx(holderOf(bagToken)), SHIPPING)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "BAD_USER_INPUT", message: "That promotion code has been fully used." });
    expect(await timesUsed(code)).toBe(1);
    const [open] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.promotionCode, code));
    expect(open?.count).toBe(1);

    const winner = bags[outcomes.findIndex((outcome) => outcome.status === "fulfilled")] ?? "";
    const loser = bags[outcomes.findIndex((outcome) => outcome.status === "rejected")] ?? "";
    await checkoutSummary(ctx(holderOf(winner)), { cancelledPayment: true });
    const second = await startCheckout(ctx(holderOf(loser)), SHIPPING);
    expect(await recording.payments.pay(second.sessionId, "4242424242424242")).toMatchObject({ ok: true });
    expect((await completeCheckout(ctx(), { sessionId: second.sessionId })).order?.adjustments).toMatchObject([
      { source: "promotion-code", code },
    ]);
    expect(await timesUsed(code)).toBe(1);
  });
});
