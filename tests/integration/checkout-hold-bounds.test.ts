import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { orders } from "../../db/schema/orders.ts";
import { priceAdjustments } from "../../db/schema/price-adjustments.ts";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { bagIdOf } from "../../domain/bag/bag-token.ts";
import { applyPromotionToBag } from "../../domain/checkout/apply-promotion.ts";
import { completeCheckout } from "../../domain/checkout/complete-checkout.ts";
import { expireCheckoutSession } from "../../domain/checkout/expire-checkout-session.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { CHECKOUT_HOLD_MINUTES } from "../../domain/promotions/promotion-hold.ts";
import { guest, type Ports, type Viewer } from "../../domain/shared/context.ts";
import { CHECKOUT_START_LIMIT } from "../../domain/shared/rate-limit.ts";
import { bagWith, checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const BURST = 30;
const JOB: Viewer = { kind: "system", job: "expire-checkout-session" };

describe(`a burst of checkouts cannot take a limited code's uses (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  let elapsedMs = 0;
  const now = () => new Date(Date.now() + elapsedMs);
  const ctx = (viewer: Viewer = guest(), ports: Partial<Ports> = {}) =>
    testContext(database.db, { viewer, now, ports: { ...checkoutPorts(recording), ...ports } });
  let addresses = 0;
  /** A client address of its own for each test, so the rate limit of one never meets another's. */
  const newAddress = () => `198.51.100.${++addresses}`;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db, { now });
  });
  afterAll(() => database.close());

  const timesUsed = async (code: string) =>
    (await database.db.select().from(promotionCodes).where(eq(promotionCodes.code, code)))[0]?.timesUsed;
  const openSessions = async (where: ReturnType<typeof eq>) =>
    (
      await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(checkoutSessions)
        .where(and(where, eq(checkoutSessions.status, "open")))
    )[0]?.count;

  async function limitedCode(code: string, usageLimit: number) {
    await database.db.insert(promotionCodes).values({
      code,
      kind: "amount",
      value: 500,
      startsAt: new Date("2024-01-01T00:00:00+08:00"),
      usageLimit,
    });
    return code;
  }

  async function bagWithCode(code: string) {
    const bagToken = await bagWith(database.db, [["op-m8_pb-1b", 1]]);
    await applyPromotionToBag(ctx(holderOf(bagToken)), { code });
    return bagToken;
  }

  const start = (bagToken: string, clientAddress: string, email = SHIPPING.email, ports: Partial<Ports> = {}) =>
    startCheckout(ctx(holderOf(bagToken), ports), { ...SHIPPING, email, clientAddress });

  /** Another shopper, somewhere else, checks out with the code: it must still be there for them. */
  async function anotherShopperCanUse(code: string) {
    const started = await start(await bagWithCode(code), newAddress(), "someone.else@example.com");
    expect(await recording.payments.pay(started.sessionId, "4242424242424242")).toMatchObject({ ok: true });
    expect((await completeCheckout(ctx(), { sessionId: started.sessionId })).order?.adjustments).toMatchObject([
      { source: "promotion-code", code },
    ]);
  }

  const reasons = (outcomes: PromiseSettledResult<unknown>[]) =>
    outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [(outcome.reason as Error).message] : []));

  it("30 checkouts of one bag from one address hold one use, the rest refused over the rate limit", async () => {
    const code = await limitedCode("BURST-BAG", 3);
    const address = newAddress();
    const bagToken = await bagWithCode(code);
    const outcomes = await Promise.allSettled(Array.from({ length: BURST }, () => start(bagToken, address)));

    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(CHECKOUT_START_LIMIT.limit);
    expect(reasons(outcomes)).toEqual(
      Array(BURST - CHECKOUT_START_LIMIT.limit).fill(
        expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
      ),
    );
    expect(await openSessions(eq(checkoutSessions.bagId, bagIdOf(bagToken)))).toBe(1);
    expect(await timesUsed(code)).toBe(1);
    await anotherShopperCanUse(code);
    expect(await timesUsed(code)).toBe(2);
  });

  it("30 bags checked out from one address hold one use of a 3-use code between them", async () => {
    const code = await limitedCode("BURST-BAGS", 3);
    const address = newAddress();
    const bags = await Promise.all(Array.from({ length: BURST }, () => bagWithCode(code)));
    const outcomes = await Promise.allSettled(bags.map((bagToken, n) => start(bagToken, address, `burst-${n}@example.com`)));

    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refusals = reasons(outcomes);
    expect(refusals.filter((reason) => reason.startsWith("Too many attempts."))).toHaveLength(BURST - CHECKOUT_START_LIMIT.limit);
    expect(refusals.filter((reason) => reason.startsWith("Other checkouts from your connection are holding"))).toHaveLength(
      CHECKOUT_START_LIMIT.limit - 1,
    );
    expect(await openSessions(eq(checkoutSessions.clientAddress, address))).toBe(1);
    expect(await timesUsed(code)).toBe(1);
    await anotherShopperCanUse(code);
    await anotherShopperCanUse(code);
    expect(await timesUsed(code)).toBe(3);
  });

  it("lets one address hold a tenth of a larger code's uses", async () => {
    const code = await limitedCode("BURST-TENTH", 40);
    const address = newAddress();
    const bags = await Promise.all(Array.from({ length: 6 }, () => bagWithCode(code)));
    const outcomes = await Promise.allSettled(bags.map((bagToken, n) => start(bagToken, address, `tenth-${n}@example.com`)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(4);
    expect(await timesUsed(code)).toBe(4);
  });

  it("gives an abandoned checkout's use back when its 30 minutes are up", async () => {
    const code = await limitedCode("ABANDONED", 3);
    const { sessionId } = await start(await bagWithCode(code), newAddress());
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session?.expiresAt.getTime()).toBeLessThanOrEqual(now().getTime() + CHECKOUT_HOLD_MINUTES * 60_000);
    expect(await timesUsed(code)).toBe(1);
    elapsedMs += (CHECKOUT_HOLD_MINUTES + 1) * 60_000;
    try {
      await expireCheckoutSession(ctx(JOB), { sessionId });
      expect(await timesUsed(code)).toBe(0);
      expect(await recording.payments.pay(sessionId, "4242424242424242")).toMatchObject({ ok: false });
    } finally {
      elapsedMs = 0;
    }
  });

  it("places the order of a replaced checkout the shopper paid all the same, and counts its use once", async () => {
    const code = await limitedCode("LATE1", 1);
    const address = newAddress();
    const bagToken = await bagWithCode(code);
    let first = "";
    // The first checkout opens while the second is at the provider (the shopper clicked twice) ...
    const racing: Partial<Ports> = {
      payments: {
        ...recording.payments,
        createSession: async (input) => {
          first = (await start(bagToken, address)).sessionId;
          return recording.payments.createSession(input);
        },
        // ... and is paid in the other tab just before the second expires it at the provider.
        expireSession: async (sessionId) => {
          if (sessionId === first) await recording.payments.pay(first, "4242424242424242");
          return recording.payments.expireSession(sessionId);
        },
      },
    };
    const second = await start(bagToken, address, SHIPPING.email, racing);

    const [paidLate] = await database.db.select().from(orders).where(eq(orders.checkoutSessionId, first));
    expect(paidLate).toMatchObject({ status: "paid", discountCents: 500 });
    const adjustments = await database.db
      .select()
      .from(priceAdjustments)
      .where(eq(priceAdjustments.orderId, paidLate?.id ?? ""));
    expect(adjustments).toMatchObject([{ source: "promotion-code", code, cents: 500 }]);
    expect((await completeCheckout(ctx(), { sessionId: first })).order?.invoiceId).toBe(paidLate?.invoiceId);
    // The paid order's use and the open second checkout's hold: past the limit, never lost or counted twice.
    expect(await timesUsed(code)).toBe(2);
    elapsedMs += (CHECKOUT_HOLD_MINUTES + 1) * 60_000;
    try {
      await expireCheckoutSession(ctx(JOB), { sessionId: second.sessionId });
      await expireCheckoutSession(ctx(JOB), { sessionId: first });
      expect(await timesUsed(code)).toBe(1);
    } finally {
      elapsedMs = 0;
    }
  });
});
