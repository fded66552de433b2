import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { orders } from "../../db/schema/orders.ts";
import { subscriptions } from "../../db/schema/subscriptions.ts";
import { testPaymentCharges } from "../../db/schema/test-payments.ts";
import { shopEvents } from "../../db/schema/webhooks.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { handlePaymentEvent } from "../../domain/checkout/handle-payment-event.ts";
import { finishCardChange } from "../../domain/subscriptions/manage/finish-card-change.ts";
import { startCardChange } from "../../domain/subscriptions/manage/start-card-change.ts";
import { claimRenewal, renewalGoods } from "../../domain/subscriptions/renewals/claim-renewal.ts";
import { renewalChargeKey } from "../../domain/subscriptions/renewals/renew-subscription.ts";
import { addDaysToDate, DAY_MS, HOUR_MS, MINUTE_MS } from "../../kernel/singapore-time.ts";
import { checkoutPorts } from "../setup/checkout-fixtures.ts";
import { memberViewer, testContext } from "../setup/operation-context.ts";
import { recordingTestPayments } from "../setup/recording-payments.ts";
import {
  CARDS,
  dueSubscription,
  keptCard,
  renewalRun,
  renewalsOf,
  runRenewalsAt,
  subscriptionNow,
} from "../setup/subscription-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`a renewal whose card is declined or needs its holder (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: ReturnType<typeof recordingTestPayments>;
  // Each test's subscriptions fall due on a day of their own, so the runs of one do not renew another's.
  let day = 0;
  const nextDueAt = () => new Date(Date.UTC(2027, 0, 4 + 10 * day++, 2));

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
  });
  afterAll(() => database.close());

  const run = (at: Date, adminEmail: string | null = null) => runRenewalsAt(database.db, recording, at, adminEmail);
  const chargesOf = (subscriptionId: string) =>
    database.db
      .select()
      .from(testPaymentCharges)
      .where(like(testPaymentCharges.idempotencyKey, `renewal:${subscriptionId}:%`))
      .orderBy(testPaymentCharges.createdAt);
  const emailsOf = (memberId: string, kind: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.memberId, memberId), eq(emailOutbox.kind, kind as "renewal-declined")))
      .orderBy(emailOutbox.subjectKey);
  const eventsOf = (type: string, subscriptionId: string) =>
    database.db
      .select()
      .from(shopEvents)
      .where(and(eq(shopEvents.type, type), like(shopEvents.key, `%${subscriptionId}%`)));
  const fourWeeksOn = (subscription: { nextRenewalOn: string }) => addDaysToDate(subscription.nextRenewalOn, 28);
  const renewalOrders = (subscriptionId: string) =>
    database.db
      .select()
      .from(orders)
      .where(like(orders.idempotencyKey, `renewal:${subscriptionId}:%`));

  it("tries a declined card again 1, 3 and 5 days after the first decline, each a charge of its own, then stops as payment failed and says so", async () => {
    const dueAt = nextDueAt();
    const subscription = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.declines });
    const { id, nextRenewalOn: dueOn } = subscription;

    expect(await run(dueAt)).toMatchObject({ declined: 1 });
    // Between the tries the run leaves it alone and charges nothing.
    expect(await run(new Date(dueAt.getTime() + 12 * HOUR_MS))).toMatchObject({ awaiting_retry: 1 });
    for (const days of [1, 3]) {
      expect(await run(new Date(dueAt.getTime() + days * DAY_MS - MINUTE_MS))).toMatchObject({ awaiting_retry: 1 });
      expect(await run(new Date(dueAt.getTime() + days * DAY_MS + MINUTE_MS))).toMatchObject({ declined: 1 });
    }
    expect(await run(new Date(dueAt.getTime() + 5 * DAY_MS + MINUTE_MS), "admin@shop.test")).toMatchObject({ declined: 1 });
    expect(await run(new Date(dueAt.getTime() + 9 * DAY_MS))).toEqual({});

    const charges = await chargesOf(id);
    expect(charges.map((charge) => [charge.idempotencyKey, charge.outcome])).toEqual(
      [1, 2, 3, 4].map((attempt) => [renewalChargeKey(id, dueOn, attempt), "declined"]),
    );
    expect(await subscriptionNow(database.db, id)).toMatchObject({ status: "payment_failed", nextRenewalOn: dueOn });
    const [renewal] = await renewalsOf(database.db, id);
    expect(renewal).toMatchObject({ outcome: "declined", attempts: 4, retryAt: null, firstDeclinedAt: dueAt, orderId: null });

    const told = await emailsOf(subscription.memberId, "renewal-declined");
    expect(told.map((email) => email.data?.retryAt)).toEqual([
      new Date(dueAt.getTime() + 1 * DAY_MS).toISOString(),
      new Date(dueAt.getTime() + 3 * DAY_MS).toISOString(),
      new Date(dueAt.getTime() + 5 * DAY_MS).toISOString(),
      null,
    ]);
    expect(told[0]?.data).toMatchObject({ cardLast4: "0341", reason: "Your card was declined.", dueOn });
    expect(await eventsOf("subscription.payment_failed", id)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ subscriptionId: id, dueOn, attempts: 4 }) }),
    ]);
    const alerts = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "subscription-payment-failed"), eq(emailOutbox.subjectKey, `${id}:${dueOn}`)));
    expect(alerts).toHaveLength(1);
    expect(await renewalOrders(id)).toEqual([]);
  });

  it("renews on the next retry once the member has changed the card", async () => {
    const dueAt = nextDueAt();
    const subscription = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.declines });
    expect(await run(dueAt)).toMatchObject({ declined: 1 });
    const card = await keptCard(recording, CARDS.renews);
    await database.db
      .update(subscriptions)
      .set({
        providerCustomerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        cardBrand: card.brand,
        cardLast4: card.last4,
      })
      .where(eq(subscriptions.id, subscription.id));

    expect(await run(new Date(dueAt.getTime() + DAY_MS + MINUTE_MS))).toMatchObject({ paid: 1 });
    const [order] = await renewalOrders(subscription.id);
    expect(order).toMatchObject({ memberId: subscription.memberId, status: "paid" });
    const charges = await chargesOf(subscription.id);
    expect(charges.map((charge) => [charge.outcome, charge.paymentMethodId])).toEqual([
      ["declined", subscription.paymentMethodId],
      ["paid", card.paymentMethodId],
    ]);
    expect(order?.paymentIntentId).toBe(charges[1]?.id);
    expect(await subscriptionNow(database.db, subscription.id)).toMatchObject({
      status: "active",
      nextRenewalOn: fourWeeksOn(subscription),
    });
    expect(await eventsOf("subscription.renewed", subscription.id)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ orderId: order?.id, nextRenewalOn: fourWeeksOn(subscription) }),
      }),
    ]);
  });

  it("starts again with the unpaid box charged at the next run once a member whose payments failed changes the card", async () => {
    const dueAt = nextDueAt();
    const subscription = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.declines });
    for (const days of [0, 1, 3, 5]) await run(new Date(dueAt.getTime() + days * DAY_MS + MINUTE_MS));
    expect(await subscriptionNow(database.db, subscription.id)).toMatchObject({ status: "payment_failed" });

    const changedAt = new Date(dueAt.getTime() + 7 * DAY_MS);
    const member = testContext(database.db, {
      viewer: memberViewer(subscription.memberId),
      now: () => changedAt,
      ports: checkoutPorts(recording),
    });
    const { url } = await startCardChange(member, { subscriptionId: subscription.id, baseUrl: "http://shop.test" });
    const sessionId = url.split("/").at(-1)?.split("?")[0] ?? "";
    expect(await recording.payments.pay(sessionId, CARDS.renews)).toMatchObject({ ok: true });
    expect(await finishCardChange(member, { subscriptionId: subscription.id, sessionId })).toMatchObject({ outcome: "changed" });
    expect(await subscriptionNow(database.db, subscription.id)).toMatchObject({ status: "active", cardLast4: "4242" });

    expect(await run(new Date(changedAt.getTime() + MINUTE_MS))).toMatchObject({ paid: 1 });
    expect(await run(new Date(changedAt.getTime() + HOUR_MS))).not.toHaveProperty("paid");
    expect(await renewalOrders(subscription.id)).toHaveLength(1);
    expect((await chargesOf(subscription.id)).map((charge) => charge.outcome)).toEqual([
      "declined",
      "declined",
      "declined",
      "declined",
      "paid",
    ]);
  });

  it("sends a card that needs its holder a payment link whose payment, told of many times at once, places the renewal once", async () => {
    const dueAt = nextDueAt();
    const subscription = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.authenticates });
    expect(await run(dueAt)).toMatchObject({ needs_authentication: 1 });
    const [email] = await emailsOf(subscription.memberId, "renewal-authentication");
    const [renewal] = await renewalsOf(database.db, subscription.id);
    const sessionId = renewal?.checkoutSessionId ?? "";
    expect(email?.data).toMatchObject({ payUrl: `/pay/test/${sessionId}`, amountCents: renewal && expect.any(Number) });
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session).toMatchObject({ status: "open", bagId: null });
    // The same consent words as the checkout that started the subscription.
    expect((await recording.payments.findSession(sessionId))?.saveCardConsent).toMatch(
      /^Nectar Lab keeps this card and charges it S\$38\.05 every 4 weeks for .+ × 1 \(at the price then in force, less your subscription discount\) until you cancel\. Skip, pause or cancel any time at http:\/\/localhost:3000\/member\/subscriptions\.$/,
    );

    // The retry's day comes while the link is still open: nothing is charged off-session meanwhile.
    expect(await run(new Date(dueAt.getTime() + DAY_MS - 30 * MINUTE_MS))).toMatchObject({ awaiting_retry: 1 });
    expect(await recording.payments.pay(sessionId, CARDS.authenticates)).toMatchObject({ ok: true });
    const event = await recording.lastEvent();
    const ctx = renewalRun(database.db, recording, new Date(dueAt.getTime() + 2 * HOUR_MS));
    const placed = await Promise.all(Array.from({ length: 4 }, () => handlePaymentEvent(ctx, event)));
    const [order] = await renewalOrders(subscription.id);
    expect(await renewalOrders(subscription.id)).toHaveLength(1);
    expect(placed.filter((result) => result?.created)).toHaveLength(1);
    expect(order).toMatchObject({ checkoutSessionId: sessionId, memberId: subscription.memberId });
    expect((await renewalsOf(database.db, subscription.id))[0]).toMatchObject({ outcome: "paid", orderId: order?.id });
    expect(await chargesOf(subscription.id)).toHaveLength(1);
    expect(await subscriptionNow(database.db, subscription.id)).toMatchObject({
      status: "active",
      nextRenewalOn: fourWeeksOn(subscription),
    });
    expect(await run(new Date(dueAt.getTime() + DAY_MS + MINUTE_MS))).toEqual({});
  });

  it("charges each attempt once when two runs race over the same declines", async () => {
    const dueAt = nextDueAt();
    const subscription = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.declines });
    for (const at of [
      dueAt,
      new Date(dueAt.getTime() + DAY_MS + MINUTE_MS),
      new Date(dueAt.getTime() + 3 * DAY_MS + MINUTE_MS),
    ]) {
      await Promise.all([run(at), run(at)]);
    }
    const charges = await chargesOf(subscription.id);
    expect(charges.map((charge) => charge.idempotencyKey)).toEqual(
      [1, 2, 3].map((attempt) => renewalChargeKey(subscription.id, subscription.nextRenewalOn, attempt)),
    );
    expect(await emailsOf(subscription.memberId, "renewal-declined")).toHaveLength(3);
    expect((await renewalsOf(database.db, subscription.id))[0]).toMatchObject({ attempts: 3, outcome: "declined" });
  });

  it("finishes once a renewal whose run died after charging, when the next run takes it over", async () => {
    const dueAt = nextDueAt();
    const subscription = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.renews });
    // The dead run: claimed, charged, and killed before it settled.
    const dead = renewalRun(database.db, recording, dueAt);
    const goods = await renewalGoods(dead, subscription);
    const claimed = await database.db.transaction((tx) => claimRenewal(dead, tx, subscription.id, goods));
    if (typeof claimed === "string") throw new Error(`not claimed: ${claimed}`);
    await recording.payments.chargeSavedCard({
      customerId: subscription.providerCustomerId,
      paymentMethodId: subscription.paymentMethodId,
      amountCents: claimed.amountCents,
      description: "renewal",
      idempotencyKey: renewalChargeKey(subscription.id, claimed.dueOn, claimed.attempt),
      metadata: {},
    });
    expect(await run(new Date(dueAt.getTime() + MINUTE_MS))).toMatchObject({ in_progress: 1 });
    const later = new Date(dueAt.getTime() + 10 * MINUTE_MS);
    expect(await Promise.all([run(later), run(later)])).toEqual(expect.arrayContaining([{ paid: 1 }]));
    expect(await chargesOf(subscription.id)).toHaveLength(1);
    expect(await renewalOrders(subscription.id)).toHaveLength(1);
    expect((await renewalsOf(database.db, subscription.id))[0]).toMatchObject({ outcome: "paid", attempts: 1 });
  });
});
