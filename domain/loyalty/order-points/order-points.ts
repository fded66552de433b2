import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { members } from "../../../db/schema/members.ts";
import { customers, orders } from "../../../db/schema/orders.ts";
import { queueGoldReachedEmail } from "../../member-emails/kinds/gold-reached.ts";
import { queueOrderPointsEmail } from "../../member-emails/kinds/order-points.ts";
import { lockMember } from "../../members/locked-member.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { creditCampaignBonuses } from "../campaigns/campaign-points.ts";
import { orderEntryKey, orderPoints, orderSpendCents } from "../points/order-earn.ts";
import { recordPointEntry } from "../points/point-ledger.ts";
import { programmeInForce } from "../programme/programme.ts";
import { promoteIfQualified, settleGoldYears } from "../tiers/tiers.ts";
import { creditRenewalEarnings, type RenewalOf } from "./renewal-points.ts";

/** The part of an order the points rule reads. */
export type CreditableOrder = Pick<
  typeof orders.$inferSelect,
  "id" | "invoiceId" | "subtotalCents" | "discountCents" | "shippingCents" | "paidAt"
>;

export type OrderCredit = { credited: boolean; points: number; spentCents: number; programmeVersion: number };

/**
 * Inside the caller's transaction: the order's `order` entry (idempotency key `order:{orderId}`), the
 * member's totalSpent and purchaseCount, and the tier — a gold year that has ended is judged first, so
 * the points follow the tier the member holds when the order is credited, and the spend may then
 * promote them. An order that earns points also gets the bonus of each campaign running when it was
 * paid (creditCampaignBonuses), and a subscription's renewal order what the version gives renewals
 * (creditRenewalEarnings), in the same transaction and programme version. With creditPoints false
 * (an `old` linked order) the entry carries 0 points and no campaign applies: the order shows in the
 * history and counts as spend only. The same order a second time changes nothing.
 * Points earned (with the bonuses) and a promotion to gold each queue the member's programme email
 * (decision 044) in the same transaction. Linking the order row itself (orders.member_id) is the caller's.
 */
export async function creditOrderToMember(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; order: CreditableOrder; creditPoints: boolean; renewal?: RenewalOf; at?: Date },
): Promise<OrderCredit> {
  const at = input.at ?? new Date();
  const { order } = input;
  const { version, schedule } = await programmeInForce(tx, at);
  const { member } = await settleGoldYears(tx, jobs, await lockMember(tx, input.memberId), at, schedule);
  const spentCents = orderSpendCents(order, version.rules);
  const points = input.creditPoints ? orderPoints(version.rules, spentCents, member.membershipStatus) : 0;
  const recorded = await recordPointEntry(tx, jobs, {
    memberId: member.id,
    email: member.email,
    kind: "order",
    transactionType: "credit",
    points,
    spentCents,
    meta: { orderId: order.id, invoiceId: order.invoiceId, ...(input.creditPoints ? {} : { earnsPoints: false }) },
    idempotencyKey: orderEntryKey(order.id),
    programmeVersion: version.number,
    at,
  });
  if (!recorded) return { credited: false, points: 0, spentCents: 0, programmeVersion: version.number };
  const bonuses = input.creditPoints
    ? await creditCampaignBonuses(tx, jobs, {
        member,
        order,
        rules: version.rules,
        programmeVersion: version.number,
        orderSpendCents: spentCents,
        pointsOn: (spend) => orderPoints(version.rules, spend, member.membershipStatus),
        at,
      })
    : [];
  if (input.creditPoints && input.renewal) {
    const { rules, number: programmeVersion } = version;
    const renewal = input.renewal;
    bonuses.push(
      ...(await creditRenewalEarnings(tx, jobs, { member, order, renewal, rules, programmeVersion, orderPoints: points, at })),
    );
  }
  await tx
    .update(members)
    .set({
      totalSpentCents: sql`${members.totalSpentCents} + ${spentCents}`,
      purchaseCount: sql`${members.purchaseCount} + 1`,
      updatedAt: at,
    })
    .where(eq(members.id, member.id));
  if (points + bonuses.reduce((sum, bonus) => sum + bonus.points, 0) > 0) {
    const earned = { memberId: member.id, orderId: order.id, invoiceId: order.invoiceId, points, bonuses };
    await queueOrderPointsEmail(tx, jobs, earned);
  }
  const after = await promoteIfQualified(tx, jobs, member, at, version.rules);
  if (after.membershipStatus !== member.membershipStatus && after.goldStartAt) {
    await queueGoldReachedEmail(tx, jobs, { memberId: member.id, goldStartAt: after.goldStartAt });
  }
  return { credited: true, points, spentCents, programmeVersion: version.number };
}

/**
 * When a member places an order: the order and its customer record (when no member has it yet) are
 * linked to them and the order's points credited, in the transaction that places it.
 */
export async function creditPaidOrderToMember(
  tx: Tx,
  jobs: JobQueue,
  input: {
    order: CreditableOrder & Pick<typeof orders.$inferSelect, "customerId">;
    memberId: string;
    /** The subscription renewal the order is, if it is one. */
    renewal?: RenewalOf;
    at: Date;
  },
): Promise<OrderCredit> {
  const { order, memberId, renewal, at } = input;
  await tx
    .update(orders)
    .set({ memberId, linkedAt: at, updatedAt: at })
    .where(and(eq(orders.id, order.id), isNull(orders.memberId)));
  await tx
    .update(customers)
    .set({ memberId, updatedAt: at })
    .where(and(eq(customers.id, order.customerId), isNull(customers.memberId)));
  return creditOrderToMember(tx, jobs, { memberId, order, creditPoints: true, renewal, at });
}
