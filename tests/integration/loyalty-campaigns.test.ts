import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { handlePaymentEvent } from "../../domain/checkout/handle-payment-event.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { createCampaign } from "../../domain/loyalty/campaigns/create-campaign.ts";
import { editCampaign } from "../../domain/loyalty/campaigns/edit-campaign.ts";
import { endCampaign } from "../../domain/loyalty/campaigns/end-campaign.ts";
import { listActiveCampaigns } from "../../domain/loyalty/campaigns/list-active-campaigns.ts";
import { listCampaigns } from "../../domain/loyalty/campaigns/list-campaigns.ts";
import { previewCampaignCost } from "../../domain/loyalty/campaigns/preview-campaign-cost.ts";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { loadPointHistoryPage } from "../../domain/members/point-history.ts";
import { applyOrderRefund } from "../../domain/orders/refunds/apply-order-refund.ts";
import { refundOrderPayment } from "../../domain/orders/refunds/refund-order-payment.ts";
import type { Viewer } from "../../domain/shared/context.ts";
import { guest } from "../../domain/shared/context.ts";
import { singaporeDateTimeText } from "../../kernel/singapore-time.ts";
import { bagWith, checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { checkLedgerAfterEach } from "../setup/ledger-invariant.ts";
import { createMember, entriesOf, insertPaidOrder, memberState } from "../setup/loyalty-fixtures.ts";
import { noJobQueue, staffWith, testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const HOUR = 60 * 60_000;
/** A Luna (series m) box and a V5 (series v) box, S$39 each. */
const LUNA = "op-m8_ba-1b";
const V5 = "op-vs8_cz-1b";
/** A Joffee box, S$12.90. */
const JOFFEE = "op-j4_bb-1b";

describe(`bonus-point campaigns (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  const staff = (now?: () => Date) => testContext(database.db, { viewer: staffWith("programme"), now });
  const shop = (viewer: Viewer = guest()) => testContext(database.db, { viewer, ports: checkoutPorts(recording) });
  const inHours = (hours: number) => singaporeDateTimeText(new Date(Date.now() + hours * HOUR));

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
  });
  checkLedgerAfterEach(() => database.db);
  // Every test starts with no campaign running.
  afterEach(() => database.db.execute(sql`delete from campaigns`));
  afterAll(() => database.close());

  const doublePointsOnLuna = (overrides: Record<string, unknown> = {}) =>
    createCampaign(staff(), {
      name: "Luna double points",
      kind: "multiplier",
      multiplier: "2",
      scope: "series",
      scopeIds: ["m"],
      audience: "all",
      endsAt: inHours(48),
      ...overrides,
    });

  /** The member's bag of these lines checked out, paid and fulfilled; the order. */
  async function buy(memberId: string, lines: [string, number][]) {
    const bagToken = await bagWith(database.db, lines);
    const { sessionId } = await startCheckout(shop(holderOf(bagToken, memberId)), SHIPPING);
    expect(await recording.payments.pay(sessionId, "4242 4242 4242 4242")).toMatchObject({ ok: true });
    return { sessionId, event: await recording.lastEvent() };
  }
  const orderOf = async (sessionId: string) =>
    (await database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId)))[0];

  it("adds a series' double points once, as its own entry, however often and however fast fulfilment runs", async () => {
    const campaign = await doublePointsOnLuna();
    const member = await createMember(database.db);
    const { sessionId, event } = await buy(member.id, [
      [LUNA, 1],
      [V5, 1],
    ]);
    await Promise.all([
      ...Array.from({ length: 4 }, () => handlePaymentEvent(shop(), event)),
      ...Array.from({ length: 3 }, () => fulfilCheckout(shop(), { sessionId })),
    ]);
    await fulfilCheckout(shop(), { sessionId });
    const order = await orderOf(sessionId);
    // S$78 of goods earn 78 points; the Luna box's S$39 earns 39 more.
    expect(await entriesOf(database.db, member.id, "order")).toMatchObject([{ points: 78 }]);
    expect(await entriesOf(database.db, member.id, "campaign")).toEqual([
      {
        activityType: "campaign",
        transactionType: "credit",
        points: 39,
        spentCents: 0,
        meta: { orderId: order?.id, invoiceId: order?.invoiceId, campaignId: campaign.id, campaignName: "Luna double points" },
      },
    ]);
    expect((await memberState(database.db, member.id)).points).toBe(50 + 78 + 39);
    const history = await loadPointHistoryPage(testContext(database.db), member.id);
    expect(history.entries.map((entry) => entry.activityLabel)).toContain("Campaign Bonus: Luna double points");
  });

  it("stacks campaigns on each other, each for the tier it names, and gives none to an order outside its scope", async () => {
    await doublePointsOnLuna();
    await createCampaign(staff(), {
      name: "Fifty for everyone",
      kind: "fixed",
      bonusPoints: "50",
      scope: "all",
      audience: "all",
      endsAt: inHours(5),
    });
    await createCampaign(staff(), {
      name: "Gold triple",
      kind: "multiplier",
      multiplier: "3",
      scope: "all",
      audience: "gold",
      endsAt: inHours(5),
    });
    const member = await createMember(database.db);
    const fulfilled = async (lines: [string, number][]) => {
      const { sessionId } = await buy(member.id, lines);
      await fulfilCheckout(shop(), { sessionId });
      return (await orderOf(sessionId)) as typeof orders.$inferSelect;
    };
    const luna = await fulfilled([[LUNA, 2]]);
    const v5 = await fulfilled([[V5, 1]]);
    const bonuses = await entriesOf(database.db, member.id, "campaign");
    expect(bonuses.map((entry) => [entry.meta.invoiceId, entry.meta.campaignName, entry.points]).sort()).toEqual(
      [
        // Two boxes at the two-box price, S$68.90: double points add 68.
        [luna.invoiceId, "Luna double points", 68],
        [luna.invoiceId, "Fifty for everyone", 50],
        [v5.invoiceId, "Fifty for everyone", 50],
      ].sort(),
    );
  });

  it("gives no campaign bonus on an old order a member claims, nor on one paid before the campaign started", async () => {
    await doublePointsOnLuna({ scope: "all", scopeIds: [] });
    const member = await createMember(database.db);
    const claim = async (paidAt: Date, creditPoints: boolean) => {
      const order = await insertPaidOrder(database.db, { subtotalCents: 3_900, optionId: LUNA, memberId: member.id, paidAt });
      await database.db.transaction((tx) =>
        creditOrderToMember(tx, recordingJobs().jobs, { memberId: member.id, order, creditPoints }),
      );
    };
    await claim(new Date(), false);
    await claim(new Date(Date.now() - HOUR), true);
    expect(await entriesOf(database.db, member.id, "campaign")).toEqual([]);
    await claim(new Date(), true);
    expect(await entriesOf(database.db, member.id, "campaign")).toMatchObject([{ points: 39 }]);
  });

  it("takes the bonus back with the order's points, in proportion, over a partial then a full refund", async () => {
    const campaign = await doublePointsOnLuna();
    const member = await createMember(database.db);
    const order = await insertPaidOrder(database.db, { subtotalCents: 10_000, optionId: LUNA, memberId: member.id });
    await database.db.transaction((tx) =>
      creditOrderToMember(tx, recordingJobs().jobs, { memberId: member.id, order, creditPoints: true }),
    );
    expect((await memberState(database.db, member.id)).points).toBe(50 + 100 + 100);
    const refund = (amountCents: number) =>
      database.db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
        if (!row) throw new Error("no order");
        return applyOrderRefund(tx, noJobQueue, row, {
          refundId: randomUUID(),
          amountCents,
          at: new Date(),
          cancelsOrder: false,
        });
      });
    expect(await refund(2_500)).toMatchObject({ pointsReversed: 50, shortfall: 0 });
    expect(await refund(7_500)).toMatchObject({ status: "refunded", pointsReversed: 150 });
    const reversals = await entriesOf(database.db, member.id, "refund");
    const steps = reversals.map((entry) => [entry.meta.totalRefundedCents, entry.meta.campaignName ?? null, entry.points]);
    expect(steps.sort()).toEqual(
      [
        [2_500, null, 25],
        [2_500, "Luna double points", 25],
        [10_000, null, 75],
        [10_000, "Luna double points", 75],
      ].sort(),
    );
    expect(reversals.filter((entry) => entry.meta.campaignId === campaign.id)).toHaveLength(2);
    expect((await memberState(database.db, member.id)).points).toBe(50);
  });

  it("takes back what a refunded line earned — its points, its campaign bonus and its spend — not a share of the order", async () => {
    const campaign = await doublePointsOnLuna();
    const member = await createMember(database.db);
    await database.db.execute(sql`update members set membership_status = 'gold', gold_start_at = now() where id = ${member.id}`);
    const { sessionId, event } = await buy(member.id, [
      [LUNA, 1],
      [JOFFEE, 1],
    ]);
    await handlePaymentEvent(shop(), event);
    const order = await orderOf(sessionId);
    if (!order) throw new Error("no order");
    // Gold: S$51.90 of goods earn 51 × 1.5 = 76 points; the Luna box's S$39 earns 58 more, on Luna alone.
    expect(order).toMatchObject({ subtotalCents: 5_190, shippingCents: 490 });
    expect(await entriesOf(database.db, member.id, "order")).toMatchObject([{ points: 76, spentCents: 5_190 }]);
    expect(await entriesOf(database.db, member.id, "campaign")).toMatchObject([{ points: 58 }]);
    const before = await memberState(database.db, member.id);
    const refunds = testContext(database.db, { viewer: staffWith("refunds"), ports: checkoutPorts(recording) });
    const refundLines = (what: Parameters<typeof refundOrderPayment>[1]["what"], confirmedCents: number) =>
      refundOrderPayment(refunds, { orderId: order.id, what, reason: "Returned", confirmedCents, refundId: randomUUID() });

    expect(await refundLines({ kind: "lines", lines: [{ position: 0, quantity: 1 }] }, 3_900)).toMatchObject({
      status: "succeeded",
    });
    const lunaBack = await entriesOf(database.db, member.id, "refund");
    expect(lunaBack.map((entry) => [entry.meta.campaignId ?? null, entry.points, entry.spentCents]).sort()).toEqual(
      [
        [null, 58, 3_900],
        [campaign.id, 58, 0],
      ].sort(),
    );
    expect(await memberState(database.db, member.id)).toMatchObject({
      points: before.points - 116,
      totalSpentCents: before.totalSpentCents - 3_900,
    });

    expect(await refundLines({ kind: "rest" }, 1_780)).toMatchObject({ status: "succeeded" });
    expect(await memberState(database.db, member.id)).toMatchObject({ points: 50, totalSpentCents: 0, purchaseCount: 0 });
    expect((await entriesOf(database.db, member.id, "refund")).filter((entry) => entry.meta.campaignId)).toHaveLength(1);
  });

  it("writes off what a spent balance no longer holds of the bonus", async () => {
    await doublePointsOnLuna();
    const member = await createMember(database.db);
    const order = await insertPaidOrder(database.db, { subtotalCents: 10_000, optionId: LUNA, memberId: member.id });
    await database.db.transaction((tx) =>
      creditOrderToMember(tx, recordingJobs().jobs, { memberId: member.id, order, creditPoints: true }),
    );
    await database.db.execute(sql`update members set points = points - 230 where id = ${member.id}`);
    await database.db.execute(
      sql`insert into point_transactions (id, member_id, email, activity_type, transaction_type, points, spent_cents, meta, programme_version, transaction_at, created_at, updated_at)
          values (${randomUUID()}, ${member.id}, ${member.email}, 'redeem', 'debit', 230, 0, '{}', 1, now(), now(), now())`,
    );
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    if (!row) throw new Error("no order");
    const result = await database.db.transaction((tx) =>
      applyOrderRefund(tx, noJobQueue, row, { refundId: randomUUID(), amountCents: 10_000, at: new Date(), cancelsOrder: false }),
    );
    // 20 points were left: the order's 100 take them, the bonus's 100 are written off.
    expect(result).toMatchObject({ pointsReversed: 20, shortfall: 180 });
    expect((await memberState(database.db, member.id)).points).toBe(0);
  });

  it("lists campaigns by status, lets staff rename or extend an unfinished one, end it early, and never change a finished one", async () => {
    const running = await doublePointsOnLuna();
    const upcoming = await doublePointsOnLuna({ name: "Later", startsAt: inHours(24), endsAt: inHours(30) });
    const listed = await listCampaigns(staff(), {});
    expect(listed.running.map((campaign) => campaign.name)).toEqual(["Luna double points"]);
    expect(listed.upcoming.map((campaign) => campaign.name)).toEqual(["Later"]);
    expect(listed.running[0]?.headline).toMatch(/^Double points on Luna until \w{3}, \d+ \w{3} \d{4}, \d+:\d{2} [ap]m$/);
    expect((await listActiveCampaigns(shop(), {})).map((campaign) => campaign.id)).toEqual([running.id]);

    await editCampaign(staff(), { id: running.id, name: "Luna weekend", endsAt: inHours(72) });
    expect(await endCampaign(staff(), { id: running.id })).toMatchObject({ calledOff: false });
    await expect(editCampaign(staff(), { id: running.id, name: "Again", endsAt: inHours(80) })).rejects.toMatchObject({
      code: "CONFLICT",
      message: '"Luna weekend" has finished and can no longer be changed.',
    });
    await expect(endCampaign(staff(), { id: running.id })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await endCampaign(staff(), { id: upcoming.id })).toMatchObject({ calledOff: true });
    expect(await listActiveCampaigns(shop(), {})).toEqual([]);
    expect((await listCampaigns(staff(), {})).finished.map((campaign) => campaign.name)).toEqual(["Luna weekend"]);

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.target, running.id)).orderBy(auditLog.createdAt);
    expect(audit.map((entry) => entry.action)).toEqual(["campaign.create", "campaign.update", "campaign.end"]);
    expect(audit[1]?.before).toMatchObject({ name: "Luna double points", gives: "Double points", covers: "Series: Luna" });
    expect(audit[1]?.after).toMatchObject({ name: "Luna weekend", audience: "All members" });
  });

  it("refuses bad terms field by field, and staff without the programme permission", async () => {
    await expect(doublePointsOnLuna({ multiplier: "1" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { multiplier: "must be more than 1 (2 doubles the points)" },
    });
    await expect(doublePointsOnLuna({ scopeIds: ["x"] })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { scopeIds: "names a series that does not exist" },
    });
    await expect(doublePointsOnLuna({ scope: "products", scopeIds: [] })).rejects.toMatchObject({
      fields: { scopeIds: "must name at least one product" },
    });
    await expect(doublePointsOnLuna({ kind: "fixed" })).rejects.toMatchObject({
      fields: { bonusPoints: "is required for a fixed bonus" },
    });
    await expect(doublePointsOnLuna({ endsAt: "2026-02-30T10:00" })).rejects.toMatchObject({
      fields: { endsAt: "must be a Singapore date and time (YYYY-MM-DDTHH:MM)" },
    });
    await expect(doublePointsOnLuna({ startsAt: inHours(-3) })).rejects.toMatchObject({
      fields: { startsAt: "must not be in the past" },
    });
    await expect(doublePointsOnLuna({ startsAt: inHours(10), endsAt: inHours(5) })).rejects.toMatchObject({
      fields: { endsAt: "must be after the start (and after now)" },
    });
    const promotionsOnly = testContext(database.db, { viewer: staffWith("promotions") });
    await expect(listCampaigns(promotionsOnly, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await listCampaigns(staff(), {})).running).toEqual([]);
  });

  it("estimates a campaign's cost on the last 30 days' member orders that earned points", async () => {
    const member = await createMember(database.db);
    const days = (n: number) => new Date(Date.now() - n * 24 * HOUR);
    const credit = async (subtotalCents: number, optionId: string, paidAt: Date, creditPoints = true) => {
      const order = await insertPaidOrder(database.db, { subtotalCents, optionId, memberId: member.id, paidAt });
      await database.db.transaction((tx) =>
        creditOrderToMember(tx, recordingJobs().jobs, { memberId: member.id, order, creditPoints }),
      );
    };
    const terms = {
      kind: "multiplier" as const,
      multiplier: "1.5",
      scope: "series" as const,
      scopeIds: ["m"],
      audience: "all" as const,
    };
    const before = await previewCampaignCost(staff(), terms);
    await credit(4_000, LUNA, days(2));
    await credit(6_000, LUNA, days(10));
    await credit(9_900, V5, days(3));
    await credit(5_000, LUNA, days(31));
    await credit(3_000, LUNA, days(4), false);
    const after = await previewCampaignCost(staff(), terms);
    // Half of 40 and of 60 points; the V5 order, the older one and the claimed old one add nothing.
    expect(after.bonusPoints - before.bonusPoints).toBe(50);
    expect(after.ordersWithBonus - before.ordersWithBonus).toBe(2);
    expect(after.ordersLookedAt - before.ordersLookedAt).toBe(3);
    const gold = await previewCampaignCost(staff(), { ...terms, audience: "gold" });
    expect(gold.bonusPoints).toBe(0);
  });
});
