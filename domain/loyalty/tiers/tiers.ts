import { eq, sql } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client.ts";
import { members } from "../../../db/schema/members.ts";
import type { LockedMember } from "../../members/locked-member.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { selectRows } from "../../shared/shared-reads.ts";
import { type ProgrammeSchedule, type ProgrammeTerms, programmeAt, termsOf } from "../programme/programme.ts";
import type { ProgrammeRules } from "../programme/programme-rules.ts";
import { recordTierChanged } from "./tier-events.ts";

/**
 * Tier transitions (decision record 007). Qualifying spend is read from the ledger: the spentCents of
 * `order` entries credited in a window, less the spentCents of the `refund` entries that reverse those
 * orders (whenever the refund happened). `members.tier_window_start_at` marks where the window behind
 * the member's status starts; membershipStartAt wins when later (a reset moves it on).
 */

/**
 * Calendar months later, in UTC. A day the target month lacks rolls over (29 Feb + 12 months is
 * 1 Mar), so a gold year never ends early.
 */
export function addMonths(at: Date, months: number): Date {
  const moved = new Date(at.getTime());
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved;
}

/**
 * When a gold year that started at goldStartAt ends (and is judged): its length is the one of the
 * version in force when it started, so a later version never shortens a gold year already under way.
 */
export function goldYearEnd(goldStartAt: Date, schedule: ProgrammeSchedule): Date {
  return addMonths(goldStartAt, programmeAt(schedule, goldStartAt).rules.gold.lengthMonths);
}

/** The shortest gold year any version gives: no gold year that started later can have ended. */
export function shortestGoldMonths(schedule: ProgrammeSchedule): number {
  return Math.min(...schedule.map((version) => version.rules.gold.lengthMonths));
}

export type GoldProgress = {
  /** promotion: a green member on the way to gold; renewal: a gold member on the way to another gold year. */
  goal: "promotion" | "renewal";
  /** The qualifying spend so far in the window that counts for the goal. */
  spentCents: number;
  thresholdCents: number;
  remainingCents: number;
  /** Whole percent, 0-100. */
  percent: number;
  /** renewal only: when the gold year ends and the spend in it is judged. */
  renewBy: Date | null;
  /** The numbers of the version that judges the goal, for the copy that explains it. */
  terms: ProgrammeTerms;
};

/**
 * How far a member has come: a green member towards gold (spend since membership start, the last
 * reset or the last return to green), a gold member towards keeping gold (spend in the current gold
 * year). `windowSpentCents` is that qualifying spend, net of refunds.
 */
export function progressToGold(
  member: { membershipStatus: "green" | "gold"; goldStartAt: Date | null; windowSpentCents: number },
  schedule: ProgrammeSchedule,
  at: Date,
): GoldProgress {
  const spentCents = Math.max(0, member.windowSpentCents);
  const renewal = member.membershipStatus === "gold" && member.goldStartAt !== null;
  const renewBy = renewal && member.goldStartAt ? goldYearEnd(member.goldStartAt, schedule) : null;
  // A gold year is judged by the version in force when it ends (one already scheduled included); the way to gold by the one in force now.
  const { rules } = programmeAt(schedule, renewBy ?? at);
  const thresholdCents = rules.gold.thresholdCents;
  return {
    goal: renewal ? "renewal" : "promotion",
    spentCents,
    thresholdCents,
    remainingCents: Math.max(0, thresholdCents - spentCents),
    percent: Math.min(100, Math.floor((spentCents * 100) / thresholdCents)),
    renewBy,
    terms: termsOf(rules),
  };
}

type TierState = Pick<LockedMember, "membershipStatus" | "membershipStartAt" | "goldStartAt" | "tierWindowStartAt">;
export type TierChange = { change: "promoted" | "renewed" | "demoted"; at: Date };

/** Where the spend behind the member's status starts: towards gold (green) or that earned gold (gold). */
export function tierWindowStart(member: Pick<TierState, "membershipStartAt" | "tierWindowStartAt">): Date {
  const { membershipStartAt, tierWindowStartAt } = member;
  return tierWindowStartAt && tierWindowStartAt > membershipStartAt ? tierWindowStartAt : membershipStartAt;
}

/** Where a green member's spend towards gold starts at `at`: the window start, or the rules' qualifying window when later. */
export function promotionWindowStart(
  member: Pick<TierState, "membershipStartAt" | "tierWindowStartAt">,
  rules: ProgrammeRules,
  at: Date,
): Date {
  const from = tierWindowStart(member);
  const months = rules.gold.qualifyingWindowMonths;
  if (months === null) return from;
  const windowStart = addMonths(at, -months);
  return new Date(Math.max(windowStart.getTime(), from.getTime()));
}

/**
 * Net qualifying spend of the orders credited after `after` and up to `through` (open-ended when null).
 * Windows are open at the start and closed at the end, so an order at a boundary counts once: the order
 * that promotes belongs to the spend that earned gold, not to the first gold year.
 */
export async function qualifyingSpendCents(
  db: Database | Tx,
  memberId: string,
  window: { after: Date; through: Date | null },
): Promise<number> {
  const through = window.through ? sql`and o.transaction_at <= ${window.through.toISOString()}::timestamptz` : sql``;
  const inWindow = sql`o.member_id = ${memberId} and o.activity_type = 'order'
      and o.transaction_at > ${window.after.toISOString()}::timestamptz ${through}`;
  // Orders in the window, less the refunds of those orders: each side read through the member's
  // entries of its kind, so entries of other kinds and outside the window cost nothing (decision 011).
  const result = await selectRows<{ spent: number | string }>(
    db,
    sql`
    select (
      coalesce((select sum(o.spent_cents) from point_transactions o where ${inWindow}), 0)
      - coalesce((
        select sum(r.spent_cents) from point_transactions r
        where r.member_id = ${memberId} and r.activity_type = 'refund'
          and exists (select 1 from point_transactions o where ${inWindow} and o.meta->>'orderId' = r.meta->>'orderId')
      ), 0)
    )::int as spent
  `,
  );
  return Number(result.rows[0]?.spent ?? 0);
}

async function saveTier(tx: Tx, memberId: string, state: TierState, at: Date): Promise<void> {
  await tx
    .update(members)
    .set({
      membershipStatus: state.membershipStatus,
      goldStartAt: state.goldStartAt,
      tierWindowStartAt: state.tierWindowStartAt,
      updatedAt: at,
    })
    .where(eq(members.id, memberId));
}

/**
 * Judges every gold year of a locked member that ended before `at`: the gold threshold of qualifying
 * spend in the year renews gold for another gold year (goldStartAt moves on); less returns the member to green,
 * with the spend window restarting where the gold year ended. Safe to repeat: a judged year is gone.
 */
export async function settleGoldYears<M extends LockedMember>(
  tx: Tx,
  jobs: JobQueue,
  member: M,
  at: Date,
  schedule: ProgrammeSchedule,
): Promise<{ member: M; changes: TierChange[] }> {
  let state: M = member;
  const changes: TierChange[] = [];
  while (state.membershipStatus === "gold" && state.goldStartAt && goldYearEnd(state.goldStartAt, schedule) < at) {
    const yearStart = state.goldStartAt;
    const yearEnd = goldYearEnd(yearStart, schedule);
    const spent = await qualifyingSpendCents(tx, member.id, { after: yearStart, through: yearEnd });
    const renewed = spent >= programmeAt(schedule, yearEnd).rules.gold.thresholdCents;
    state = renewed
      ? { ...state, goldStartAt: yearEnd, tierWindowStartAt: yearStart }
      : { ...state, membershipStatus: "green", goldStartAt: null, tierWindowStartAt: yearEnd };
    changes.push({ change: renewed ? "renewed" : "demoted", at: yearEnd });
    const goldStartAt = renewed ? yearEnd : null;
    await recordTierChanged(tx, jobs, {
      memberId: member.id,
      change: renewed ? "renewed" : "demoted",
      at: yearEnd,
      goldStartAt,
      recordedAt: at,
    });
  }
  if (changes.length > 0) await saveTier(tx, member.id, state, at);
  return { member: state, changes };
}

/** A green member whose qualifying spend has reached the gold threshold becomes gold from `at`. */
export async function promoteIfQualified<M extends LockedMember>(
  tx: Tx,
  jobs: JobQueue,
  member: M,
  at: Date,
  rules: ProgrammeRules,
): Promise<M> {
  if (member.membershipStatus !== "green") return member;
  const from = promotionWindowStart(member, rules, at);
  const spent = await qualifyingSpendCents(tx, member.id, { after: from, through: null });
  if (spent < rules.gold.thresholdCents) return member;
  const promoted: M = { ...member, membershipStatus: "gold", goldStartAt: at, tierWindowStartAt: from };
  await saveTier(tx, member.id, promoted, at);
  await recordTierChanged(tx, jobs, { memberId: member.id, change: "promoted", at, goldStartAt: at, recordedAt: at });
  return promoted;
}

/**
 * After a refund: a gold member whose status was earned by spend that has now been refunded below
 * the gold threshold is green again, and the spend still standing in that window keeps counting towards gold.
 */
export async function reviewGoldAfterRefund<M extends LockedMember>(
  tx: Tx,
  jobs: JobQueue,
  member: M,
  at: Date,
  schedule: ProgrammeSchedule,
): Promise<M> {
  if (member.membershipStatus !== "gold" || !member.goldStartAt) return member;
  const from = tierWindowStart(member);
  const spent = await qualifyingSpendCents(tx, member.id, { after: from, through: member.goldStartAt });
  // Judged by the version that made the member gold.
  if (spent >= programmeAt(schedule, member.goldStartAt).rules.gold.thresholdCents) return member;
  const green: M = { ...member, membershipStatus: "green", goldStartAt: null, tierWindowStartAt: from };
  await saveTier(tx, member.id, green, at);
  await recordTierChanged(tx, jobs, { memberId: member.id, change: "demoted", at, goldStartAt: null, recordedAt: at });
  return green;
}
