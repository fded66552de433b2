import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { members } from "../../db/schema/members.ts";
import type { MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { orderRewardLines, rewardDescription } from "../loyalty/redeems/order-rewards.ts";
import { MEMBER_EMAIL_DATA, type MemberEmailData } from "./member-email-data.ts";

/**
 * Writes a programme email into the outbox and queues the send-email job that sends it, both in the
 * transaction of the change it tells of (as queueOrderEmail does for order emails). One email per
 * member, kind and subject (a unique key): asking again — a retried job, a second process — adds
 * nothing. Whether the member wants it is asked when it is sent.
 */
export async function queueMemberEmail<K extends MemberEmailKind>(
  tx: Tx,
  jobs: JobQueue,
  email: { memberId: string; kind: K; subjectKey: string; data: MemberEmailData<K> },
): Promise<boolean> {
  const id = randomUUID();
  const data = MEMBER_EMAIL_DATA[email.kind].parse(email.data) as Record<string, unknown>;
  const inserted = await tx
    .insert(emailOutbox)
    .values({ id, memberId: email.memberId, kind: email.kind, subjectKey: email.subjectKey, data })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  if (inserted.length === 0) return false;
  await jobs.send("send-email", { outboxId: id }, { tx });
  return true;
}

/** Points earned for an order, with its campaign bonuses and the balance they make: once per order. */
export async function queueOrderPointsEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; orderId: string; invoiceId: string; points: number; bonuses: { name: string; points: number }[] },
): Promise<boolean> {
  const [member] = await tx.select({ points: members.points }).from(members).where(eq(members.id, input.memberId));
  if (!member) throw new Error(`Member ${input.memberId} is gone while its order is credited.`);
  return queueMemberEmail(tx, jobs, {
    memberId: input.memberId,
    kind: "order-points",
    subjectKey: input.orderId,
    data: { invoiceId: input.invoiceId, points: input.points, bonuses: input.bonuses, balance: member.points },
  });
}

/** A member became gold: once per gold year (its start). */
export function queueGoldReachedEmail(tx: Tx, jobs: JobQueue, input: { memberId: string; goldStartAt: Date }): Promise<boolean> {
  const goldStartAt = input.goldStartAt.toISOString();
  return queueMemberEmail(tx, jobs, {
    memberId: input.memberId,
    kind: "gold-reached",
    subjectKey: goldStartAt,
    data: { goldStartAt },
  });
}

/** The rewards an order carries have shipped with it: once per order, and only when it carries any. */
export async function queueRewardShippedEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; orderId: string; invoiceId: string },
): Promise<boolean> {
  const rewards = await orderRewardLines(tx, input.orderId);
  if (rewards.length === 0) return false;
  return queueMemberEmail(tx, jobs, {
    memberId: input.memberId,
    kind: "reward-shipped",
    subjectKey: input.orderId,
    data: { invoiceId: input.invoiceId, rewards: rewards.map(rewardDescription) },
  });
}

/** A member's points expire soon: once per member and expiry date (for the scheduled expiry work). */
export function queuePointsExpiringEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; points: number; expiresAt: Date; balance: number; daysBefore: number },
): Promise<boolean> {
  return queueMemberEmail(tx, jobs, {
    memberId: input.memberId,
    kind: "points-expiring",
    // One email per warning day before the date: 30 days, then 3.
    subjectKey: `${input.expiresAt.toISOString()}:${input.daysBefore}`,
    data: { points: input.points, expiresAt: input.expiresAt.toISOString(), balance: input.balance },
  });
}

/** A referrer earned points for a referred friend's order: once per referred order (for the referral credit). */
export function queueReferralRewardedEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; referredOrderId: string; points: number; friendName: string | null; balance: number },
): Promise<boolean> {
  return queueMemberEmail(tx, jobs, {
    memberId: input.memberId,
    kind: "referral-rewarded",
    subjectKey: input.referredOrderId,
    data: { points: input.points, friendName: input.friendName, balance: input.balance },
  });
}
