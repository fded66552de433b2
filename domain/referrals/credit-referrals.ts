import { asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";
import { referrals } from "../../db/schema/referrals.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { recordShopEvent } from "../events/record-shop-event.ts";
import { recordPointEntry } from "../loyalty/points/point-ledger.ts";
import { builtInAction } from "../loyalty/programme/earn-actions.ts";
import { loadProgrammeSchedule, type ProgrammeSchedule, programmeInForce } from "../loyalty/programme/programme.ts";
import { queueReferralRewardedEmail } from "../member-emails/kinds/referral-rewarded.ts";
import { lockMember } from "../members/locked-member.ts";
import type { OperationContext } from "../shared/context.ts";
import type { JobQueue } from "../shared/job-queue.ts";

export type ReferralCreditResult = { credited: number; points: number };

/** The one key of a referral's points: however many runs meet it, it is written once. */
export const referralKeyOf = (referralId: string) => `referral:${referralId}`;

type Referral = typeof referrals.$inferSelect;

/** When the referral's refund window ends: its delivery plus the window of the version it was made under. */
function windowEnd(referral: Pick<Referral, "deliveredAt" | "programmeVersion">, schedule: ProgrammeSchedule): Date | null {
  if (!referral.deliveredAt) return null;
  const version = schedule.find((entry) => entry.number === referral.programmeVersion);
  const days = version?.rules.referrals.refundWindowDays ?? 0;
  return new Date(referral.deliveredAt.getTime() + days * DAY_MS);
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || null;

/**
 * One referral, in its own transaction: the friend's order is locked first (as a refund locks it), then
 * the referral, and it is judged again from what they hold then. Waiting, past its window, never
 * refunded: the referrer's points (the "refer-friends" action's, in the version in force now) are
 * credited as a `referral-bonus` entry keyed by the referral, the referral turns rewarded, and its
 * `referral.completed` event and the referrer's email are recorded with it. The points credited; 0 when it was not due.
 */
export async function creditReferral(tx: Tx, jobs: JobQueue, referralId: string, now: Date): Promise<number> {
  const [found] = await tx.select({ orderId: referrals.orderId }).from(referrals).where(eq(referrals.id, referralId));
  if (!found) return 0;
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for("update");
  const [referral] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).for("update");
  if (!order || !referral || referral.state !== "waiting" || order.refundedCents > 0 || order.status !== "delivered") return 0;
  const { version, schedule } = await programmeInForce(tx, now);
  const end = windowEnd(referral, schedule);
  if (!end || end > now) return 0;
  const member = await lockMember(tx, referral.referrerMemberId);
  const points = builtInAction(version.rules, "referral").points;
  const written = await recordPointEntry(tx, jobs, {
    memberId: member.id,
    email: member.email,
    kind: "referral-bonus",
    transactionType: "credit",
    points,
    meta: { referralId, referredOrderId: order.id },
    idempotencyKey: referralKeyOf(referralId),
    programmeVersion: version.number,
    at: now,
  });
  if (!written) return 0;
  await tx
    .update(referrals)
    .set({ state: "rewarded", points, decidedAt: now, updatedAt: now })
    .where(eq(referrals.id, referralId));
  await recordShopEvent(tx, jobs, {
    type: "referral.completed",
    key: `referral.completed:${referralId}`,
    data: { referrerMemberId: member.id, referredMemberId: order.memberId, orderId: order.id, points, at: now.toISOString() },
    at: now,
  });
  await queueReferralRewardedEmail(tx, jobs, {
    memberId: member.id,
    referredOrderId: order.id,
    points,
    friendName: firstName(referral.friendName),
    balance: member.points + points,
  });
  return points;
}

/**
 * The scheduled referral credit (decision 045), part of the loyalty maintenance: finds the waiting
 * referrals whose refund window has ended by `now`, then credits each in a short transaction of its own
 * (creditReferral). Runs at the same time, retries and a run killed half-way credit nothing twice: a
 * committed referral is rewarded and no longer waiting, and the ledger key backs that up.
 */
export async function creditReferrals(
  ctx: Pick<OperationContext, "db" | "log" | "jobs">,
  now: Date,
): Promise<{ result: ReferralCreditResult; failures: unknown[] }> {
  const schedule = await loadProgrammeSchedule(ctx.db);
  const waiting = await ctx.db
    .select({ id: referrals.id, deliveredAt: referrals.deliveredAt, programmeVersion: referrals.programmeVersion })
    .from(referrals)
    .where(eq(referrals.state, "waiting"))
    .orderBy(asc(referrals.deliveredAt));
  const result: ReferralCreditResult = { credited: 0, points: 0 };
  const failures: unknown[] = [];
  for (const referral of waiting) {
    const end = windowEnd(referral, schedule);
    if (!end || end > now) continue;
    try {
      const points = await ctx.db.transaction((tx) => creditReferral(tx, ctx.jobs, referral.id, now));
      if (points > 0) {
        result.credited += 1;
        result.points += points;
      }
    } catch (error) {
      ctx.log.error({ err: error, referralId: referral.id }, "loyalty maintenance: this referral could not be credited");
      failures.push(error);
    }
  }
  return { result, failures };
}
