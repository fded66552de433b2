import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseOptions } from "../../db/schema/catalog.ts";
import { subscriptionSettings, subscriptions } from "../../db/schema/subscriptions.ts";
import { testPaymentCharges, testPaymentSessions } from "../../db/schema/test-payments.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { addToBag } from "../../domain/bag/add-to-bag.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { guest } from "../../domain/shared/context.ts";
import { renewalOrderKey } from "../../domain/subscriptions/renewal-paid.ts";
import { runRenewals } from "../../domain/subscriptions/renewals/run-renewals.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { publishRulesAt } from "../setup/expiry-fixtures.ts";
import { checkLedgerAfterEach } from "../setup/ledger-invariant.ts";
import { testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { LUNA, subscribedMember } from "../setup/subscription-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

/** Luna's S$39 less the shop's 15 %: S$5.85 off, S$33.15 of goods, shipped for S$4.90: S$38.05 a renewal. */
const LUNA_CENTS = 3900;
const DISCOUNT_CENTS = 585;
const SHIPPING_CENTS = 490;

describe(`subscribing and renewals (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  const db = () => database.db;
  // Each test signs up 60 days before the one before it, so on its renewal day no earlier test's subscription is due.
  let day = 0;
  const signUpDay = () => {
    day -= 60;
    return new Date(Date.UTC(2036, 0, 5) + day * DAY_MS);
  };
  const renewer = (at: Date) =>
    testContext(db(), { viewer: { kind: "system", job: "renew-subscriptions" }, now: () => at, ports: checkoutPorts(recording) });
  const afterWeeks = (at: Date, weeks: number) => new Date(at.getTime() + weeks * 7 * DAY_MS);

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
  });
  checkLedgerAfterEach(db);
  afterAll(() => database.close());

  /** Everything a renewal makes, counted per subscription: orders, charges, emails, events and sold stock. */
  async function madeFor(subscriptionId: string) {
    const [row] = await queryRows<Record<string, number>>(
      db(),
      sql`select
        (select count(*)::int from orders where idempotency_key like ${`renewal:${subscriptionId}:%`}) as orders,
        (select count(*)::int from test_payment_charges where metadata->>'subscriptionId' = ${subscriptionId}) as charges,
        (select count(*)::int from subscription_renewals where subscription_id = ${subscriptionId}) as renewals`,
    );
    return row;
  }

  it("starts a subscription with its first order, the card kept with the shopper's consent and the discount on the invoice", async () => {
    const at = signUpDay();
    const { subscription, sessionId, firstOrderId } = await subscribedMember(db(), recording, { at });
    expect(subscription).toMatchObject({
      optionId: LUNA,
      quantity: 1,
      cadenceWeeks: 4,
      status: "active",
      discountPercent: 15,
      cardLast4: "4242",
      nextRenewalOn: new Date(afterWeeks(at, 4).getTime() + 8 * 3600_000).toISOString().slice(0, 10),
    });
    const [payment] = await db().select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId));
    expect(payment?.saveCardConsent).toContain("S$38.05 every 4 weeks");
    expect(payment?.saveCardConsent).toContain("/member/subscriptions");
    const adjustments = await queryRows(
      db(),
      sql`select source, cents, label from price_adjustments where order_id = ${firstOrderId}`,
    );
    expect(adjustments).toEqual([{ source: "subscription", cents: DISCOUNT_CENTS, label: "Subscribe and save 15%" }]);
    const created = await queryRows(
      db(),
      sql`select type from shop_events where key = ${`subscription.created:${subscription.id}`}`,
    );
    expect(created).toEqual([{ type: "subscription.created" }]);
  });

  it("asks a shopper who is not signed in to sign in or join before a subscription is paid, and holds nothing", async () => {
    const { bagToken } = await addToBag(testContext(db(), { viewer: guest(null) }), {
      optionId: LUNA,
      quantity: 1,
      cadenceWeeks: 4,
    });
    const [before] = await queryRows<{ sessions: number }>(db(), sql`select count(*)::int as sessions from checkout_sessions`);
    const shopper = testContext(db(), { viewer: holderOf(bagToken), ports: checkoutPorts(recording) });
    await expect(startCheckout(shopper, SHIPPING)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await queryRows(db(), sql`select count(*)::int as sessions from checkout_sessions`)).toEqual([before]);
  });

  it("refuses a cadence the offer does not give", async () => {
    const adding = addToBag(testContext(db(), { viewer: guest(null) }), { optionId: LUNA, quantity: 1, cadenceWeeks: 3 });
    await expect(adding).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "Choose how often it comes: every 2, 4, 6 or 8 weeks.",
    });
  });

  it("renews a due subscription as an order at today's price less its discount, with stock, points by the version in force, email and event", async () => {
    const at = signUpDay();
    const { memberId, subscription } = await subscribedMember(db(), recording, { at });
    // The programme changes between sign-up and the renewal: the renewal earns under the new version.
    const version = await publishRulesAt(db(), afterWeeks(at, 1), (rules) => ({
      ...rules,
      earning: { ...rules.earning, pointsPerDollar: 3 },
    }));
    const renewalDay = afterWeeks(at, 4);
    expect(await runRenewals(renewer(renewalDay), {})).toEqual({ paid: 1 });

    const [order] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select * from orders where idempotency_key = ${renewalOrderKey(subscription.id, subscription.nextRenewalOn)}`,
    );
    expect(order).toMatchObject({
      member_id: memberId,
      status: "paid",
      subtotal_cents: LUNA_CENTS,
      discount_cents: DISCOUNT_CENTS,
      price_cents: LUNA_CENTS - DISCOUNT_CENTS + SHIPPING_CENTS,
    });
    expect(order?.payment_intent_id).toMatch(/^pi_test_/);
    const orderId = order?.id as string;
    expect(await queryRows(db(), sql`select source, cents from price_adjustments where order_id = ${orderId}`)).toEqual([
      { source: "subscription", cents: DISCOUNT_CENTS },
    ]);
    expect(
      await queryRows(db(), sql`select reason, on_hand_change, held_change from stock_movements where order_id = ${orderId}`),
    ).toEqual([{ reason: "sold", on_hand_change: -1, held_change: -1 }]);
    const credits = await queryRows(
      db(),
      sql`select points, programme_version from point_transactions
        where member_id = ${memberId} and activity_type = 'order' and meta->>'orderId' = ${orderId}`,
    );
    expect(credits).toEqual([{ points: 33 * 3, programme_version: version }]);
    expect(await queryRows(db(), sql`select kind from email_outbox where order_id = ${orderId}`)).toEqual([
      { kind: "order-confirmation" },
    ]);
    expect(await queryRows(db(), sql`select type from shop_events where key = ${`order.paid:${orderId}`}`)).toEqual([
      { type: "order.paid" },
    ]);
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(renewed?.nextRenewalOn).toBe(new Date(afterWeeks(at, 8).getTime() + 8 * 3600_000).toISOString().slice(0, 10));
  });

  it("places one order and takes one charge per subscription and date when two renewers race, and a second run adds nothing", async () => {
    const at = signUpDay();
    const subscribed = await Promise.all([0, 1, 2].map(() => subscribedMember(db(), recording, { at })));
    const renewalDay = afterWeeks(at, 4);
    const runs = await Promise.all([runRenewals(renewer(renewalDay), {}), runRenewals(renewer(renewalDay), {})]);
    expect(runs.reduce((paid, run) => paid + (run.paid ?? 0), 0)).toBe(3);
    await runRenewals(renewer(renewalDay), {});
    for (const { subscription } of subscribed) {
      expect(await madeFor(subscription.id)).toEqual({ orders: 1, charges: 1, renewals: 1 });
    }
  });

  it("finishes a renewal whose run died after the charge with the same charge, once its claim has lapsed", async () => {
    const at = signUpDay();
    const { subscription } = await subscribedMember(db(), recording, { at });
    const renewalDay = afterWeeks(at, 4);
    const dying = testContext(db(), {
      viewer: { kind: "system", job: "renew-subscriptions" },
      now: () => renewalDay,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      ports: {
        ...checkoutPorts(recording),
        payments: {
          ...recording.payments,
          chargeSavedCard: async (input) => {
            await recording.payments.chargeSavedCard(input);
            throw new Error("the process died before it wrote the charge down");
          },
        },
      },
    });
    await expect(runRenewals(dying, {})).rejects.toThrow("1 subscription(s) failed");
    expect(await madeFor(subscription.id)).toEqual({ orders: 0, charges: 1, renewals: 1 });
    // Within the claim another run leaves it to the one that started it; after it, finishes it.
    expect(await runRenewals(renewer(renewalDay), {})).toEqual({ in_progress: 1 });
    expect(await runRenewals(renewer(new Date(renewalDay.getTime() + 10 * 60_000)), {})).toEqual({ paid: 1 });
    expect(await madeFor(subscription.id)).toEqual({ orders: 1, charges: 1, renewals: 1 });
  });

  it("records a declined renewal with its attempt, places nothing and gives its stock back", async () => {
    const at = signUpDay();
    const { subscription } = await subscribedMember(db(), recording, { at, card: "4000 0000 0000 0341" });
    const renewalDay = afterWeeks(at, 4);
    expect(await runRenewals(renewer(renewalDay), {})).toEqual({ declined: 1 });
    expect(await runRenewals(renewer(renewalDay), {})).toEqual({ awaiting_retry: 1 });
    const renewals = await queryRows(
      db(),
      sql`select r.outcome, r.attempts, r.failure_reason, r.order_id,
        (select coalesce(sum(held_change), 0)::int from stock_movements m where m.checkout_session_id = r.checkout_session_id) as held
        from subscription_renewals r where r.subscription_id = ${subscription.id}`,
    );
    expect(renewals).toEqual([
      { outcome: "declined", attempts: 1, failure_reason: "Your card was declined.", order_id: null, held: 0 },
    ]);
    const charges = await db()
      .select()
      .from(testPaymentCharges)
      .where(sql`${testPaymentCharges.metadata}->>'subscriptionId' = ${subscription.id}`);
    expect(charges.map((charge) => charge.idempotencyKey)).toEqual([
      `renewal:${subscription.id}:${subscription.nextRenewalOn}:1`,
    ]);
  });

  it("does not charge a renewal whose option is switched off: delayed a day, or skipped to the next date", async () => {
    const at = signUpDay();
    const dayBefore = new Date(at.getTime() - DAY_MS);
    const skipped = await subscribedMember(db(), recording, { at: dayBefore });
    const delayed = await subscribedMember(db(), recording, { at });
    const switchOff = (active: boolean) => db().update(purchaseOptions).set({ active }).where(eq(purchaseOptions.optionId, LUNA));
    await switchOff(false);
    try {
      await db().insert(subscriptionSettings).values({ soldOutRule: "skip" });
      expect(await runRenewals(renewer(afterWeeks(dayBefore, 4)), {})).toEqual({ skipped: 1 });
      await db().update(subscriptionSettings).set({ soldOutRule: "delay" });
      expect(await runRenewals(renewer(afterWeeks(at, 4)), {})).toEqual({ delayed: 1 });
    } finally {
      await switchOff(true);
      await db().delete(subscriptionSettings);
    }
    const next = async (id: string) =>
      (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]?.nextRenewalOn;
    const day = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS + 8 * 3600_000).toISOString().slice(0, 10);
    expect(await next(skipped.subscription.id)).toBe(day(dayBefore, 56));
    expect(await next(delayed.subscription.id)).toBe(day(at, 28 + 1));
    for (const { subscription } of [delayed, skipped])
      expect(await madeFor(subscription.id)).toMatchObject({ orders: 0, charges: 0 });
  });
});
