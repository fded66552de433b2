import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { subscriptionRenewals } from "../../db/schema/subscriptions.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { getMemberHome } from "../../domain/loyalty/account/get-member-home.ts";
import { orderPoints, orderSpendCents } from "../../domain/loyalty/points/order-earn.ts";
import { SUBSCRIPTIONS_PLAIN } from "../../domain/loyalty/programme/programme-rules.ts";
import { applyOrderRefund } from "../../domain/orders/refunds/apply-order-refund.ts";
import { runRenewals } from "../../domain/subscriptions/renewals/run-renewals.ts";
import { checkoutPorts } from "../setup/checkout-fixtures.ts";
import { publishRulesAt } from "../setup/expiry-fixtures.ts";
import { checkLedgerAfterEach } from "../setup/ledger-invariant.ts";
import { asMember, createMember, memberState } from "../setup/loyalty-fixtures.ts";
import { noJobQueue, testContext } from "../setup/operation-context.ts";
import { V1_RULES } from "../setup/programme-fixtures.ts";
import { recordingTestPayments } from "../setup/recording-payments.ts";
import { insertSubscription, payingCard } from "../setup/subscription-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

/** Noon in Singapore on a date. */
const noonOn = (date: string) => new Date(`${date}T04:00:00Z`);

describe(`what subscription renewals earn (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  checkLedgerAfterEach(() => database.db);
  afterAll(() => database.close());

  /** The renewal job as the scheduler runs it, on `date`. */
  async function renewOn(date: string) {
    const recording = recordingTestPayments(database.db, { now: () => noonOn(date) });
    const ctx = testContext(database.db, {
      now: () => noonOn(date),
      viewer: { kind: "system", job: "renew-subscriptions" },
      ports: checkoutPorts(recording),
    });
    return runRenewals(ctx, {});
  }

  async function renewalOrder(subscriptionId: string, dueOn: string) {
    const [renewal] = await database.db
      .select({ orderId: subscriptionRenewals.orderId })
      .from(subscriptionRenewals)
      .where(and(eq(subscriptionRenewals.subscriptionId, subscriptionId), eq(subscriptionRenewals.dueOn, dueOn)));
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, renewal?.orderId ?? ""));
    if (!order) throw new Error(`no renewal order on ${dueOn}`);
    return order;
  }

  /** The order's entries, as [kind, direction, points, programme version, renewal part], sorted by the first two and the part. */
  async function entriesOfOrder(memberId: string, orderId: string) {
    const rows = await database.db.select().from(pointTransactions).where(eq(pointTransactions.memberId, memberId));
    const order = ["extra", "bonus"];
    return rows
      .filter((row) => row.meta.orderId === orderId)
      .map(
        (row) => [row.activityType, row.transactionType, row.points, row.programmeVersion, row.meta.renewalPart ?? null] as const,
      )
      .sort(
        (a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`) || order.indexOf(String(a[4])) - order.indexOf(String(b[4])),
      );
  }

  const refund = (orderId: string, amountCents: number, at: Date) =>
    database.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order) throw new Error(`no order ${orderId}`);
      return applyOrderRefund(tx, noJobQueue, order, { refundId: randomUUID(), amountCents, at, cancelsOrder: false });
    });

  it("version 1 and versions before subscriptions read as renewals earning like any order", () => {
    expect(V1_RULES.subscriptions).toEqual(SUBSCRIPTIONS_PLAIN);
  });

  it("credits each renewal the multiplier and the first and Nth bonuses of the version in force, and refunds take them back", async () => {
    const doubled = await publishRulesAt(database.db, noonOn("2030-01-01"), (rules) => ({
      ...rules,
      subscriptions: { renewalMultiplier: 2, renewalBonusPoints: 100, bonusEveryRenewals: 2 },
    }));
    const member = await createMember(database.db);
    const subscription = await insertSubscription(database.db, {
      memberId: member.id,
      nextRenewalOn: "2030-01-06",
      card: await payingCard(database.db),
    });
    const points = (await memberState(database.db, member.id)).points;

    expect(await renewOn("2030-01-06")).toEqual({ paid: 1 });
    const first = await renewalOrder(subscription.id, "2030-01-06");
    const own = orderPoints(V1_RULES, orderSpendCents(first, V1_RULES), "green");
    expect(own).toBeGreaterThan(0);
    // The first renewal: its points doubled, and the bonus.
    expect(await entriesOfOrder(member.id, first.id)).toEqual([
      ["order", "credit", own, doubled, null],
      ["subscription-renewal", "credit", own, doubled, "extra"],
      ["subscription-renewal", "credit", 100, doubled, "bonus"],
    ]);
    expect(await memberState(database.db, member.id)).toMatchObject({
      points: points + 2 * own + 100,
      totalSpentCents: orderSpendCents(first, V1_RULES),
      purchaseCount: 1,
    });

    // A new version between renewals: the second renewal earns by it, the second being every 2nd.
    const tripled = await publishRulesAt(database.db, noonOn("2030-01-20"), (rules) => ({
      ...rules,
      subscriptions: { renewalMultiplier: 3, renewalBonusPoints: 40, bonusEveryRenewals: 2 },
    }));
    expect(await renewOn("2030-02-03")).toEqual({ paid: 1 });
    const second = await renewalOrder(subscription.id, "2030-02-03");
    expect(await entriesOfOrder(member.id, second.id)).toEqual([
      ["order", "credit", own, tripled, null],
      ["subscription-renewal", "credit", 2 * own, tripled, "extra"],
      ["subscription-renewal", "credit", 40, tripled, "bonus"],
    ]);

    // The third is neither the first nor a 2nd: the extra only.
    expect(await renewOn("2030-03-03")).toEqual({ paid: 1 });
    const third = await renewalOrder(subscription.id, "2030-03-03");
    expect((await entriesOfOrder(member.id, third.id)).map((entry) => entry[4])).toEqual([null, "extra"]);

    // Half the first renewal refunded: half its extra back, the bonus kept; the rest: everything back,
    // each reversal under the version that credited it.
    await refund(first.id, Math.floor(first.priceCents / 2), noonOn("2030-03-10"));
    const half = await entriesOfOrder(member.id, first.id);
    const extraBack = half.filter((entry) => entry[1] === "debit" && entry[4] === "extra");
    expect(extraBack).toHaveLength(1);
    expect(extraBack[0]?.[2]).toBeGreaterThan(0);
    expect(extraBack[0]?.[2]).toBeLessThan(own);
    expect(half.filter((entry) => entry[1] === "debit" && entry[4] === "bonus")).toEqual([]);
    await refund(first.id, first.priceCents - Math.floor(first.priceCents / 2), noonOn("2030-03-11"));
    const debits = (await entriesOfOrder(member.id, first.id)).filter((entry) => entry[1] === "debit");
    const backOf = (part: string | null) =>
      debits.filter((entry) => entry[4] === part).reduce((sum, entry) => sum + Number(entry[2]), 0);
    expect([backOf(null), backOf("extra"), backOf("bonus")]).toEqual([own, own, 100]);
    expect(debits.every((entry) => entry[0] === "refund" && entry[3] === doubled)).toBe(true);
    expect(await memberState(database.db, member.id)).toMatchObject({
      points: points + own + 2 * own + 40 + own + 2 * own,
      purchaseCount: 2,
    });
  });

  it("tells a member what their subscriptions will earn in the next 90 days", async () => {
    await publishRulesAt(database.db, noonOn("2031-01-01"), (rules) => ({
      ...rules,
      subscriptions: { renewalMultiplier: 2, renewalBonusPoints: 50, bonusEveryRenewals: 2 },
    }));
    const member = await createMember(database.db);
    const now = () => noonOn("2031-03-01");
    expect((await getMemberHome(asMember(database.db, member.id, { now }), { memberId: member.id })).pointsAhead).toBeNull();
    // Every 4 weeks from the 11th: the 11th of March, the 8th of April and the 6th of May are within 90 days.
    await insertSubscription(database.db, {
      memberId: member.id,
      nextRenewalOn: "2031-03-11",
      card: await payingCard(database.db),
    });
    // Luna's S$39 less 15 %: S$33.15 of goods, 33 points, doubled; the first and second renewals bring the bonus.
    const home = await getMemberHome(asMember(database.db, member.id, { now }), { memberId: member.id });
    expect(home.pointsAhead).toEqual({ days: 90, renewals: 3, points: 3 * 66 + 2 * 50 });
  });
});
