import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionRenewals, subscriptions } from "../../db/schema/subscriptions.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { handlePaymentEvent } from "../../domain/checkout/handle-payment-event.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { cancelSubscription } from "../../domain/subscriptions/manage/cancel-subscription.ts";
import { changeAddress } from "../../domain/subscriptions/manage/change-address.ts";
import { changeCadence } from "../../domain/subscriptions/manage/change-cadence.ts";
import { changeQuantity } from "../../domain/subscriptions/manage/change-quantity.ts";
import { finishCardChange } from "../../domain/subscriptions/manage/finish-card-change.ts";
import { listOwnSubscriptions } from "../../domain/subscriptions/manage/list-own-subscriptions.ts";
import { moveRenewal } from "../../domain/subscriptions/manage/move-renewal.ts";
import { pauseSubscription } from "../../domain/subscriptions/manage/pause-subscription.ts";
import { resumeSubscription } from "../../domain/subscriptions/manage/resume-subscription.ts";
import { skipRenewal } from "../../domain/subscriptions/manage/skip-renewal.ts";
import { startCardChange } from "../../domain/subscriptions/manage/start-card-change.ts";
import { swapOption } from "../../domain/subscriptions/manage/swap-option.ts";
import { renewSubscription } from "../../domain/subscriptions/renewals/renew-subscription.ts";
import type { PaymentProvider } from "../../integrations/payments/payment-provider.ts";
import { addDaysToDate } from "../../kernel/singapore-time.ts";
import { checkoutPorts } from "../setup/checkout-fixtures.ts";
import { createMember } from "../setup/loyalty-fixtures.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { recordingTestPayments } from "../setup/recording-payments.ts";
import { insertSubscription, LUNA } from "../setup/subscription-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

/** Every change happens on 10 March 2036, 10 a.m. in Singapore; the next box is due on the 20th. */
const NOW = new Date("2036-03-10T02:00:00Z");
const TODAY = "2036-03-10";
const DUE = "2036-03-20";

describe(`members manage their subscriptions (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const db = () => database.db;
  const as = (memberId: string, now = NOW, ports: Partial<OperationContext> = {}) =>
    testContext(db(), { viewer: memberViewer(memberId), now: () => now, ports });
  const asStaff = () => testContext(db(), { viewer: staffWith("subscriptions"), now: () => NOW });
  const subscribed = (fields: Partial<typeof subscriptions.$inferInsert> = {}) =>
    insertSubscription(db(), { nextRenewalOn: DUE, ...fields });
  const reread = async (id: string) => {
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!row) throw new Error("the subscription is gone");
    return row;
  };
  const emailsTo = (memberId: string) =>
    queryRows<{ data: { change: string; next: string | null; item: string } }>(
      db(),
      sql`select data from email_outbox where member_id = ${memberId} and kind = 'subscription-changed' order by created_at`,
    );
  const eventsOf = (subscriptionId: string) =>
    queryRows<{ type: string; data: Record<string, unknown> }>(
      db(),
      sql`select type, data from shop_events where data->>'subscriptionId' = ${subscriptionId} order by created_at`,
    );
  const auditOf = (subscriptionId: string) =>
    queryRows<{ action: string; before: unknown; after: unknown }>(
      db(),
      sql`select action, before, after from audit_log where target = ${subscriptionId}`,
    );

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  it("lists the member's own subscriptions with the next box's date, today's price less the discount, and the card", async () => {
    const mine = await subscribed();
    await subscribed();
    const listed = await listOwnSubscriptions(as(mine.memberId), {});
    expect(listed.subscriptions).toEqual([
      expect.objectContaining({
        id: mine.id,
        status: "active",
        optionId: LUNA,
        nextRenewalOn: DUE,
        // S$39 less 15 % is S$33.15, and shipping S$4.90 below S$60 of goods.
        nextAmountCents: 3805,
        cardBrand: "visa",
        cardLast4: "4242",
      }),
    ]);
    expect(listed.cadencesWeeks).toEqual([2, 4, 6, 8]);
    expect(listed.swapChoices.map((choice) => choice.optionId)).toContain(LUNA);
  });

  it("skips the next box, tells the member, and a second tap on the same box changes nothing", async () => {
    const mine = await subscribed();
    const after = await skipRenewal(as(mine.memberId), { subscriptionId: mine.id, renewalOn: DUE });
    expect(after.nextRenewalOn).toBe(addDaysToDate(DUE, 28));
    await expect(skipRenewal(as(mine.memberId), { subscriptionId: mine.id, renewalOn: DUE })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect((await reread(mine.id)).nextRenewalOn).toBe(addDaysToDate(DUE, 28));
    // Recorded as the reminder's skip link records it: that date is skipped, once.
    const renewals = await db()
      .select({ dueOn: subscriptionRenewals.dueOn, outcome: subscriptionRenewals.outcome })
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.subscriptionId, mine.id));
    expect(renewals).toEqual([{ dueOn: DUE, outcome: "skipped" }]);
    const [email] = await emailsTo(mine.memberId);
    expect(email?.data).toMatchObject({
      change: "Your box of Thu, 20 Mar 2036 is skipped.",
      item: expect.stringContaining("× 1"),
    });
    expect(await auditOf(mine.id)).toEqual([]);
  });

  it("lets staff with the permission skip, pause, resume and cancel for a member, each audited", async () => {
    const mine = await subscribed();
    await skipRenewal(asStaff(), { subscriptionId: mine.id });
    await pauseSubscription(asStaff(), { subscriptionId: mine.id });
    await resumeSubscription(asStaff(), { subscriptionId: mine.id });
    await cancelSubscription(asStaff(), { subscriptionId: mine.id, reason: "Asked by phone" });
    const audit = await auditOf(mine.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "subscription.cancel",
      "subscription.pause",
      "subscription.resume",
      "subscription.skip",
    ]);
    expect(audit.find((entry) => entry.action === "subscription.skip")).toMatchObject({
      before: { nextRenewalOn: DUE },
      after: { nextRenewalOn: addDaysToDate(DUE, 28) },
    });
    expect((await eventsOf(mine.id)).map((event) => [event.type, event.data.changedBy])).toEqual([
      ["subscription.paused", "staff"],
      ["subscription.resumed", "staff"],
      ["subscription.cancelled", "staff"],
    ]);
  });

  it("moves the next box within bounds and refuses a day in the past or too far ahead with a message", async () => {
    const mine = await subscribed();
    const moved = await moveRenewal(as(mine.memberId), { subscriptionId: mine.id, renewalOn: "2036-04-02" });
    expect(moved.nextRenewalOn).toBe("2036-04-02");
    for (const renewalOn of [TODAY, "2036-03-01", "2036-12-01"]) {
      await expect(moveRenewal(as(mine.memberId), { subscriptionId: mine.id, renewalOn })).rejects.toMatchObject({
        code: "BAD_USER_INPUT",
        message: "Choose a day from Tue, 11 Mar 2036 to Sun, 8 Jun 2036.",
      });
    }
    await expect(moveRenewal(as(mine.memberId), { subscriptionId: mine.id, renewalOn: "next week" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { renewalOn: "must be a date (YYYY-MM-DD)" },
    });
    expect((await reread(mine.id)).nextRenewalOn).toBe("2036-04-02");
  });

  it("changes the cadence to one the merchant offers, and the quantity, refusing others", async () => {
    const mine = await subscribed();
    expect((await changeCadence(as(mine.memberId), { subscriptionId: mine.id, cadenceWeeks: 6 })).cadenceWeeks).toBe(6);
    await expect(changeCadence(as(mine.memberId), { subscriptionId: mine.id, cadenceWeeks: 3 })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "Choose one of: every 2 weeks, every 4 weeks, every 6 weeks, every 8 weeks.",
    });
    expect((await changeQuantity(as(mine.memberId), { subscriptionId: mine.id, quantity: "3" })).quantity).toBe(3);
    for (const quantity of [0, 100, "two"]) {
      await expect(changeQuantity(as(mine.memberId), { subscriptionId: mine.id, quantity })).rejects.toMatchObject({
        code: "BAD_USER_INPUT",
      });
    }
    expect(await reread(mine.id)).toMatchObject({ cadenceWeeks: 6, quantity: 3 });
    const listed = await listOwnSubscriptions(as(mine.memberId), {});
    // Three boxes at S$33.15 come to S$99.45, shipped free from S$60.
    expect(listed.subscriptions[0]?.nextAmountCents).toBe(9945);
  });

  it("swaps to another flavour or product that may be subscribed, refusing one that is not on sale", async () => {
    const mine = await subscribed();
    const { swapChoices } = await listOwnSubscriptions(as(mine.memberId), {});
    const otherFlavour = swapChoices.find(
      (choice) => choice.productName === swapChoices.find((c) => c.optionId === LUNA)?.productName && choice.optionId !== LUNA,
    );
    if (!otherFlavour) throw new Error("Luna has one flavour only");
    const swapped = await swapOption(as(mine.memberId), { subscriptionId: mine.id, optionId: otherFlavour.optionId });
    expect(swapped).toMatchObject({ optionId: otherFlavour.optionId, discountPercent: 15 });
    for (const optionId of ["op-nothing-1b", "not an id"]) {
      await expect(swapOption(as(mine.memberId), { subscriptionId: mine.id, optionId })).rejects.toMatchObject({
        code: "BAD_USER_INPUT",
      });
    }
    expect((await reread(mine.id)).optionId).toBe(otherFlavour.optionId);
  });

  it("pauses until a day or until resumed, and resuming brings the next box no earlier than tomorrow", async () => {
    const mine = await subscribed({ nextRenewalOn: "2036-03-11" });
    const paused = await pauseSubscription(as(mine.memberId), { subscriptionId: mine.id, until: "2036-05-01" });
    expect(paused).toMatchObject({ status: "paused", pausedUntil: "2036-05-01" });
    await expect(pauseSubscription(as(mine.memberId), { subscriptionId: mine.id, until: "2038-01-01" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    const later = new Date("2036-03-15T02:00:00Z");
    const resumed = await resumeSubscription(as(mine.memberId, later), { subscriptionId: mine.id });
    expect(resumed).toMatchObject({ status: "active", pausedUntil: null, nextRenewalOn: "2036-05-01" });
    await pauseSubscription(as(mine.memberId, later), { subscriptionId: mine.id, until: "" });
    expect(await reread(mine.id)).toMatchObject({ status: "paused", pausedUntil: null });
    await expect(skipRenewal(as(mine.memberId), { subscriptionId: mine.id })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await eventsOf(mine.id)).map((event) => event.type)).toEqual([
      "subscription.paused",
      "subscription.resumed",
      "subscription.paused",
    ]);
  });

  it("cancels with an optional reason, after which nothing can be changed", async () => {
    const mine = await subscribed();
    const cancelled = await cancelSubscription(as(mine.memberId), { subscriptionId: mine.id, reason: "  Too much protein  " });
    expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Too much protein", cancelledAt: NOW });
    const input = { subscriptionId: mine.id };
    for (const attempt of [
      () => skipRenewal(as(mine.memberId), input),
      () => resumeSubscription(as(mine.memberId), input),
      () => changeQuantity(as(mine.memberId), { ...input, quantity: 2 }),
      () => cancelSubscription(as(mine.memberId), input),
    ]) {
      await expect(attempt()).rejects.toMatchObject({
        code: "CONFLICT",
        message: expect.stringMatching(/^This subscription is cancelled/),
      });
    }
    const [event] = await eventsOf(mine.id);
    expect(event).toMatchObject({
      type: "subscription.cancelled",
      data: { cancelReason: "Too much protein", nextRenewalOn: null },
    });
    const listed = await listOwnSubscriptions(as(mine.memberId), {});
    expect(listed.subscriptions[0]).toMatchObject({ status: "cancelled", nextRenewalOn: null, nextAmountCents: null });
  });

  it("changes the address with the checkout's rules", async () => {
    const mine = await subscribed();
    const address = {
      name: "Siti Rahmah",
      email: "siti@example.com",
      mobile: "8123 4567",
      address: "2 Jurong East St 21",
      postalCode: "609601",
    };
    const after = await changeAddress(as(mine.memberId), { subscriptionId: mine.id, ...address });
    expect(after.shipping).toMatchObject({ ...address, mobile: "+6581234567" });
    await expect(
      changeAddress(as(mine.memberId), { subscriptionId: mine.id, ...address, postalCode: "12" }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", fields: { postalCode: "Enter your 6-digit postal code." } });
  });

  it("refuses another member's subscription as not found, and changes nothing", async () => {
    const theirs = await subscribed();
    const stranger = await createMember(db());
    const input = { subscriptionId: theirs.id };
    for (const attempt of [
      () => skipRenewal(as(stranger.id), input),
      () => moveRenewal(as(stranger.id), { ...input, renewalOn: "2036-04-01" }),
      () => pauseSubscription(as(stranger.id), input),
      () => cancelSubscription(as(stranger.id), input),
      () => swapOption(as(stranger.id), { ...input, optionId: LUNA }),
      () => startCardChange(as(stranger.id), { ...input, baseUrl: "http://shop.test" }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "NOT_FOUND", message: "There is no such subscription." });
    }
    expect(await reread(theirs.id)).toEqual(theirs);
    await expect(skipRenewal(as(stranger.id), { subscriptionId: "" })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("changes the card through a setup session, once, whether the return or the webhook comes first", async () => {
    const recording = recordingTestPayments(db(), { now: () => NOW });
    const ports = checkoutPorts(recording);
    const mine = await subscribed();
    const member = as(mine.memberId, NOW, ports);
    const { url } = await startCardChange(member, { subscriptionId: mine.id, baseUrl: "http://shop.test/anything" });
    const sessionId = url.split("/").at(-1)?.split("?")[0] ?? "";
    const finish = () => finishCardChange(member, { subscriptionId: mine.id, sessionId });
    expect(await finish()).toEqual({ outcome: "not_complete" });
    expect(await recording.payments.pay(sessionId, "4000 0000 0000 0341")).toMatchObject({ ok: true });
    const webhook = testContext(db(), { now: () => NOW, ports });
    const [byWebhook, byReturn] = await Promise.all([handlePaymentEvent(webhook, await recording.lastEvent()), finish()]);
    expect(byWebhook).toBeNull();
    expect(byReturn).toMatchObject({ subscriptionId: mine.id, cardLast4: "0341" });
    expect(await finish()).toMatchObject({ outcome: "already_changed", cardLast4: "0341" });
    expect(await reread(mine.id)).toMatchObject({ cardLast4: "0341", providerCustomerId: mine.providerCustomerId });
    expect((await emailsTo(mine.memberId)).map((email) => email.data.change)).toEqual([
      expect.stringMatching(/now charged to your .* card ending 0341\.$/),
    ]);
    const other = await subscribed();
    await expect(finishCardChange(as(other.memberId), { subscriptionId: other.id, sessionId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("never half-applies a skip racing the renewal of the same box", async () => {
    const paid: PaymentProvider["chargeSavedCard"] = async () => ({ outcome: "paid", paymentIntentId: `pi_${randomUUID()}` });
    const payments = { name: "test", chargeSavedCard: paid } as unknown as PaymentProvider;
    const renewer = testContext(db(), {
      viewer: { kind: "system", job: "renew-subscriptions" },
      now: () => NOW,
      ports: { payments },
    });
    for (let round = 0; round < 4; round += 1) {
      const mine = await subscribed({ nextRenewalOn: TODAY });
      const [skip] = await Promise.allSettled([
        skipRenewal(as(mine.memberId), { subscriptionId: mine.id, renewalOn: TODAY }),
        renewSubscription(renewer, mine.id),
      ]);
      const [{ orders }] = (await queryRows<{ orders: number }>(
        db(),
        sql`select count(*)::int as orders from orders where idempotency_key like ${`renewal:${mine.id}:%`}`,
      )) as [{ orders: number }];
      const skipped = skip.status === "fulfilled";
      if (!skipped) expect(skip.reason).toMatchObject({ code: "CONFLICT" });
      // Skipped first: no box today. Renewed first (claimed or done): the skip of today's box is refused.
      expect(orders).toBe(skipped ? 0 : 1);
      expect((await reread(mine.id)).nextRenewalOn).toBe(addDaysToDate(TODAY, 28));
    }
  });
});
