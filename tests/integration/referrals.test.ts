import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { referrals } from "../../db/schema/referrals.ts";
import { getProgrammeAnalytics } from "../../domain/dashboard/get-programme-analytics.ts";
import { runLoyaltyMaintenance } from "../../domain/loyalty/upkeep/maintenance.ts";
import { refundOrderPayment } from "../../domain/orders/refunds/refund-order-payment.ts";
import { markOrderDelivered, shipOrder } from "../../domain/orders/staff/ship-order.ts";
import { creditReferral, creditReferrals } from "../../domain/referrals/credit-referrals.ts";
import { getMemberReferrals, getReferralCard } from "../../domain/referrals/get-member-referrals.ts";
import { recordReferral } from "../../domain/referrals/record-referral.ts";
import { ensureReferralCode } from "../../domain/referrals/referral-code.ts";
import { decideReferral } from "../../domain/referrals/staff/decide-referral.ts";
import { createTestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import { singaporeDate } from "../../kernel/singapore-time.ts";
import { publishRulesAt, sgt } from "../setup/expiry-fixtures.ts";
import { checkLedgerAfterEach } from "../setup/ledger-invariant.ts";
import { asJob, asMember, asOwner, createMember, entriesOf, memberState, type OrderRow } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { twoLineOrder } from "../setup/refund-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const REFERRALS_ON = sgt("2030-01-01 00:00");
const PAID = sgt("2030-01-02 10:00");
const DELIVERED = sgt("2030-01-05 10:00");
/** Past the 14-day refund window that runs from delivery. */
const PAST_WINDOW = sgt("2030-01-20 10:00");
const INSIDE_WINDOW = sgt("2030-01-10 10:00");

describe(`referrals (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const db = () => database.db;
  beforeAll(async () => {
    database = await openTestDatabase();
    await publishRulesAt(database.db, REFERRALS_ON, (rules) => ({ ...rules, referrals: { ...rules.referrals, enabled: true } }));
  });
  checkLedgerAfterEach(db);
  afterAll(() => database.close());

  const staff = (at: Date) => testContext(db(), { viewer: staffWith("orders", "refunds", "points"), now: () => at });
  const maintain = (at: Date) =>
    runLoyaltyMaintenance(
      asJob(db(), () => at),
      {},
    );
  const referralOf = async (orderId: string) => (await db().select().from(referrals).where(eq(referrals.orderId, orderId)))[0];
  const bonusesOf = (memberId: string) => entriesOf(db(), memberId, "referral-bonus");

  /** A friend's guest order through a member's code, paid through the test provider, at its own address. */
  async function referredOrder(referrerId: string, options: { address?: string } = {}): Promise<OrderRow> {
    const code = await ensureReferralCode(db(), referrerId);
    const order = await twoLineOrder(db());
    const [session] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, order.checkoutSessionId));
    const address = { address: options.address ?? `${randomUUID().slice(0, 6)} Friend Road`, postalCode: "123456" };
    if (!session) throw new Error("the fixture order has no checkout session");
    const shipping = { ...session.shipping, name: "Siti Rahmah", ...address };
    // The order's own delivery details, as later referrals of the same referrer are compared with.
    await db().update(checkoutSessions).set({ shipping }).where(eq(checkoutSessions.id, order.checkoutSessionId));
    await db().transaction((tx) =>
      recordReferral(
        tx,
        { ...order, shipping },
        { referralCode: code, referralDiscountCents: 697, deviceId: randomUUID() },
        PAID,
      ),
    );
    return order;
  }

  async function deliver(order: OrderRow) {
    await shipOrder(staff(DELIVERED), { orderId: order.id, carrier: "ninjavan", trackingNumber: "NV-12345" });
    await markOrderDelivered(staff(DELIVERED), { orderId: order.id });
  }

  function refund(order: OrderRow, at: Date) {
    const payments = createTestPaymentProvider({ db: db(), webhookSecret: "whsec_test", jobs: recordingJobs().jobs });
    return refundOrderPayment(testContext(db(), { viewer: staffWith("refunds"), now: () => at, ports: { payments } }), {
      orderId: order.id,
      what: { kind: "amount", amountCents: 500 },
      reason: "A box arrived crushed",
      confirmedCents: 500,
      refundId: randomUUID(),
    });
  }

  it("credits the referrer once, only after delivery and the refund window, with its event and email", async () => {
    const referrer = await createMember(db());
    const order = await referredOrder(referrer.id);
    expect(await referralOf(order.id)).toMatchObject({ state: "pending", reasons: [] });
    await maintain(PAST_WINDOW);
    expect(await bonusesOf(referrer.id)).toEqual([]);

    await deliver(order);
    expect(await referralOf(order.id)).toMatchObject({ state: "waiting", deliveredAt: DELIVERED });
    expect((await maintain(INSIDE_WINDOW)).referrals).toEqual({ credited: 0, points: 0 });

    expect((await maintain(PAST_WINDOW)).referrals).toEqual({ credited: 1, points: 200 });
    expect((await maintain(PAST_WINDOW)).referrals).toEqual({ credited: 0, points: 0 });
    expect(await bonusesOf(referrer.id)).toEqual([expect.objectContaining({ transactionType: "credit", points: 200 })]);
    expect(await referralOf(order.id)).toMatchObject({ state: "rewarded", points: 200 });
    expect((await memberState(db(), referrer.id)).points).toBe(250);
    const events = await queryRows<{ data: { points: number; referrerMemberId: string } }>(
      db(),
      sql`select data from shop_events where type = 'referral.completed' and data->>'orderId' = ${order.id}`,
    );
    expect(events).toEqual([{ data: expect.objectContaining({ points: 200, referrerMemberId: referrer.id }) }]);
    const emails = await queryRows<{ kind: string }>(
      db(),
      sql`select kind from email_outbox where member_id = ${referrer.id} and kind = 'referral-rewarded'`,
    );
    expect(emails).toHaveLength(1);
  });

  it("reverses a referral whose order is refunded inside the window: no points ever", async () => {
    const referrer = await createMember(db());
    const order = await referredOrder(referrer.id);
    await deliver(order);
    await refund(order, INSIDE_WINDOW);
    expect(await referralOf(order.id)).toMatchObject({ state: "reversed", reasons: ["refunded"] });
    await maintain(PAST_WINDOW);
    expect(await bonusesOf(referrer.id)).toEqual([]);
  });

  it("credits nothing for a referral found waiting whose order was refunded before its transaction began", async () => {
    const referrer = await createMember(db());
    const order = await referredOrder(referrer.id);
    await deliver(order);
    const found = await referralOf(order.id);
    await refund(order, PAST_WINDOW);
    const points = await db().transaction((tx) => creditReferral(tx, recordingJobs().jobs, found?.id ?? "", PAST_WINDOW));
    expect(points).toBe(0);
    expect(await referralOf(order.id)).toMatchObject({ state: "reversed" });
    expect(await bonusesOf(referrer.id)).toEqual([]);
  });

  it("races the credit against a refund of the same order: exactly one outcome", async () => {
    for (let round = 0; round < 5; round++) {
      const referrer = await createMember(db());
      const order = await referredOrder(referrer.id);
      await deliver(order);
      await Promise.all([
        creditReferrals(
          asJob(db(), () => PAST_WINDOW),
          PAST_WINDOW,
        ),
        refund(order, PAST_WINDOW),
      ]);
      const referral = await referralOf(order.id);
      const bonuses = await bonusesOf(referrer.id);
      if (referral?.state === "rewarded") {
        // Credited first: the refund came after and changed nothing, so it never reversed it.
        expect(bonuses).toHaveLength(1);
        expect(referral.reasons).not.toContain("refunded");
      } else {
        expect(referral?.state).toBe("reversed");
        expect(bonuses).toEqual([]);
      }
      // A refund after the credit takes nothing back (decision 045).
      await maintain(PAST_WINDOW);
      expect((await bonusesOf(referrer.id)).length).toBe(referral?.state === "rewarded" ? 1 : 0);
    }
  });

  it("runs the crediting twice at once: one credit, one email", async () => {
    const referrer = await createMember(db());
    const order = await referredOrder(referrer.id);
    await deliver(order);
    const runs = await Promise.all([maintain(PAST_WINDOW), maintain(PAST_WINDOW)]);
    expect(runs.map((run) => run.referrals.credited).sort()).toEqual([0, 1]);
    expect(await bonusesOf(referrer.id)).toHaveLength(1);
    const emails = await queryRows<{ id: string }>(
      db(),
      sql`select id from email_outbox where member_id = ${referrer.id} and kind = 'referral-rewarded'`,
    );
    expect(emails).toHaveLength(1);
  });

  it("holds a referrer's friends past the weekly cap and at an address used lately; staff decide, audited", async () => {
    const referrer = await createMember(db());
    for (let count = 0; count < 5; count++) await referredOrder(referrer.id);
    const sixth = await referredOrder(referrer.id);
    expect(await referralOf(sixth.id)).toMatchObject({ state: "held", reasons: ["weekly-cap"] });

    const other = await createMember(db());
    await referredOrder(other.id, { address: "9 Same Street" });
    const again = await referredOrder(other.id, { address: "9 same street" });
    expect(await referralOf(again.id)).toMatchObject({ state: "held", reasons: ["address-used-before"] });

    await deliver(again);
    const held = await referralOf(again.id);
    await decideReferral(staff(DELIVERED), { referralId: held?.id ?? "", decision: "approve" });
    expect(await referralOf(again.id)).toMatchObject({ state: "waiting", decidedBy: "orders-refunds-points@staff.test" });
    await expect(decideReferral(staff(DELIVERED), { referralId: held?.id ?? "", decision: "refuse" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const audits = await queryRows<{ action: string }>(db(), sql`select action from audit_log where action like 'referral.%'`);
    expect(audits).toEqual([{ action: "referral.approve" }]);
    await maintain(PAST_WINDOW);
    expect(await bonusesOf(other.id)).toHaveLength(1);
  });

  it("counts referral orders and their cost on the dashboard for the chosen range", async () => {
    const all = await db().select().from(referrals);
    const rewarded = all.filter((referral) => referral.state === "rewarded");
    const today = singaporeDate(new Date());
    const paidToday = await getProgrammeAnalytics(asOwner(db()), { from: today, to: today });
    expect(paidToday.referrals).toMatchObject({ orders: all.length, discountCents: 697 * all.length, pointsCredited: 0 });
    const credited = await getProgrammeAnalytics(
      asOwner(db(), () => PAST_WINDOW),
      { from: "2030-01-20", to: "2030-01-20" },
    );
    expect(credited.referrals).toMatchObject({ orders: 0, discountCents: 0, pointsCredited: 200 * rewarded.length });
    expect(credited.referrals.costCents).toBe(credited.referrals.pointsCents);
  });

  it("gives the member home no referral card before referrals are on, then the member's link and every friend it brought", async () => {
    const member = await createMember(db(), sgt("2029-06-01 10:00"));
    const before = sgt("2029-12-31 10:00");
    expect(await getReferralCard(asMember(db(), member.id, { now: () => before }), { memberId: member.id })).toBeNull();
    const on = asMember(db(), member.id, { now: () => PAID });
    const card = await getReferralCard(on, { memberId: member.id });
    expect(card).toMatchObject({ path: `/r/${await ensureReferralCode(db(), member.id)}`, friendsReferred: 0 });
    for (let friend = 0; friend < 3; friend++) await referredOrder(member.id);
    expect(await getReferralCard(on, { memberId: member.id })).toEqual({ ...card, friendsReferred: 3 });
    const listed = await getMemberReferrals(on, { memberId: member.id });
    expect(listed.referrals).toHaveLength(3);
    expect(listed.path).toBe(card?.path);
  });

  it("refuses staff without the points permission", async () => {
    await expect(
      decideReferral(testContext(db(), { viewer: staffWith("orders") }), { referralId: randomUUID(), decision: "approve" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
