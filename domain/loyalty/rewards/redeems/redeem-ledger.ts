import { and, count, eq, like } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../../../db/client.ts";
import { pointTransactions } from "../../../../db/schema/points.ts";
import { redeems } from "../../../../db/schema/rewards.ts";
import { AppError } from "../../../../kernel/app-error.ts";
import { formatNumber } from "../../../../kernel/number-format.ts";
import type { LockedMember as FullLockedMember } from "../../../members/locked-member.ts";
import { identifier } from "../../../shared/input.ts";
import type { JobQueue } from "../../../shared/job-queue.ts";
import { programmeVersionAt, recordPointEntry } from "../../points/point-ledger.ts";

export type RedeemRow = typeof redeems.$inferSelect;
export type RedeemStatus = RedeemRow["status"];
/** The member as a redeem change needs it, read under the member lock (lockMember). */
export type LockedMember = Pick<FullLockedMember, "id" | "email" | "points">;

/**
 * One of the member's redeems, locked; null when there is none of that id (or it is someone else's).
 * Every change to a member's redeems locks the member first (lockMember), then the redeem: concurrent
 * changes queue, the balance read under the lock is the one the debit meets, and "one Pending redeem
 * per option" holds without a race. Fulfilment and the expiry job lock in the same order.
 */
export async function lockRedeem(
  tx: Tx,
  input: { redeemId: string; memberId: string; pointTransactionId?: string },
): Promise<RedeemRow | null> {
  const [row] = await tx
    .select()
    .from(redeems)
    .where(
      and(
        eq(redeems.id, input.redeemId),
        eq(redeems.memberId, input.memberId),
        input.pointTransactionId === undefined ? undefined : eq(redeems.pointTransactionId, input.pointTransactionId),
      ),
    )
    .for("update");
  return row ?? null;
}

/** How the bag's operations name a redeem: its id, its member and the entry that took its points. */
export const RedeemRefInput = z.object({ redeemId: identifier(), memberId: identifier(), pointTransactionId: identifier() });
export type RedeemRef = z.output<typeof RedeemRefInput>;

export const redeemNotFound = () => new AppError("NOT_FOUND", "That reward is not in your bag.");

export function requirePending(redeem: RedeemRow): void {
  if (redeem.status === "Pending") return;
  const why = {
    Ordered: "it has gone out with an order",
    Cancelled: "it was removed from your bag",
    Expired: "it waited in your bag too long without an order, so it expired and its points were returned",
  }[redeem.status];
  throw new AppError("CONFLICT", `That reward can no longer be changed: ${why}.`);
}

export function requirePoints(member: LockedMember, needed: number): void {
  if (member.points >= needed) return;
  throw new AppError(
    "INSUFFICIENT_POINTS",
    `Not enough points: this needs ${formatNumber(needed)} points and you have ${formatNumber(member.points)}.`,
  );
}

const keyPrefix = (redeemId: string) => `redeem:${redeemId}:`;

/** The key of the entry that gives a redeem's points back when it leaves the bag: at most once, whichever way it leaves. */
export const returnKeyOf = (redeemId: string) => `${keyPrefix(redeemId)}return`;

export type RedeemEntry = {
  member: LockedMember;
  redeem: Pick<RedeemRow, "id" | "rewardId" | "optionId" | "pointsEach">;
  transactionType: "credit" | "debit";
  /** How many items of the reward this entry pays for (debit) or gives back (credit). */
  quantity: number;
  reason: "added" | "quantity raised" | "quantity lowered" | "removed from bag" | "expired";
  at: Date;
  /** Defaults to `redeem:{redeemId}:{n}`, n counting the redeem's earlier entries (stable under the member lock). */
  idempotencyKey?: string;
};

/**
 * Appends one `redeem` entry for a redeem (a debit when items go into the bag, a credit when they come
 * out), linked to it in meta, and returns the entry's id. All of a redeem's entries share the kind, so
 * they always sum to what the redeem holds now: points each x quantity while Pending or Ordered, 0 after.
 */
export async function recordRedeemEntry(tx: Tx, jobs: JobQueue, entry: RedeemEntry): Promise<string> {
  const { member, redeem } = entry;
  let key = entry.idempotencyKey;
  if (!key) {
    const [earlier] = await tx
      .select({ n: count() })
      .from(pointTransactions)
      .where(and(eq(pointTransactions.memberId, member.id), like(pointTransactions.idempotencyKey, `${keyPrefix(redeem.id)}%`)));
    key = `${keyPrefix(redeem.id)}${earlier?.n ?? 0}`;
  }
  const points = redeem.pointsEach * entry.quantity;
  const recorded = await recordPointEntry(tx, jobs, {
    memberId: member.id,
    email: member.email,
    kind: "redeem",
    transactionType: entry.transactionType,
    points,
    meta: {
      redeemId: redeem.id,
      rewardId: redeem.rewardId,
      optionId: redeem.optionId,
      quantity: entry.quantity,
      pointsEach: redeem.pointsEach,
      reason: entry.reason,
    },
    idempotencyKey: key,
    at: entry.at,
    programmeVersion: await programmeVersionAt(tx, entry.at),
  });
  // Under the member lock a key is never taken twice; if it were, the redeem and the ledger would disagree.
  if (!recorded) throw new Error(`The points entry ${key} already exists.`);
  const [row] = await tx
    .select({ id: pointTransactions.id })
    .from(pointTransactions)
    .where(eq(pointTransactions.idempotencyKey, key));
  if (!row) throw new Error(`The points entry ${key} was not found after it was written.`);
  // The locked member's balance, kept in step for the rest of the transaction.
  member.points += entry.transactionType === "credit" ? points : -points;
  return row.id;
}

/**
 * Takes a Pending redeem out of the bag (Cancelled or Expired) and gives all its points back, in the
 * caller's transaction, which holds the member and redeem locks.
 */
export async function closePendingRedeem(
  tx: Tx,
  jobs: JobQueue,
  input: { member: LockedMember; redeem: RedeemRow; status: "Cancelled" | "Expired"; at: Date },
): Promise<RedeemRow> {
  const { member, redeem, status, at } = input;
  if (redeem.status !== "Pending") throw new Error(`Redeem ${redeem.id} is ${redeem.status}, not Pending.`);
  await recordRedeemEntry(tx, jobs, {
    member,
    redeem,
    transactionType: "credit",
    quantity: redeem.quantity,
    reason: status === "Cancelled" ? "removed from bag" : "expired",
    at,
    idempotencyKey: returnKeyOf(redeem.id),
  });
  const [closed] = await tx.update(redeems).set({ status, updatedAt: at }).where(eq(redeems.id, redeem.id)).returning();
  if (!closed) throw new Error(`Redeem ${redeem.id} vanished while locked.`);
  return closed;
}
