import { type SQL, sql } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client.ts";
import { DAY_MS } from "../../../kernel/singapore-time.ts";
import { selectRows } from "../../shared/shared-reads.ts";
import type { ProgrammeSchedule } from "../programme/programme.ts";
import { addMonths } from "../tiers/tiers.ts";
import { type ExpiryClock, expiryClock, expiryInstant, shortestExpiryMonths } from "./expiry-dates.ts";

/**
 * The ledger entries that wind a member's expiry clock (decision 043): every credit (what the member
 * earns or is given, and a reward's points coming back, so no point that returns is written off
 * sooner than a full period after its return) and every `redeem` debit (taking a reward). Refund
 * debits, staff debits and expiries do not.
 */
export const ACTIVITY = sql`(e.transaction_type = 'credit' or e.activity_type = 'redeem')`;

export type MemberClock = {
  memberId: string;
  points: number;
  /** Where the clock was last wound: the latest activity (else joining), or the last expiry date if later. */
  since: Date;
  clock: ExpiryClock | null;
};

type ClockRow = {
  id: string;
  points: number;
  joined: Date | string;
  last_activity: Date | string | null;
  last_expired_on: string | null;
};

function memberClockOf(row: ClockRow, schedule: ProgrammeSchedule): MemberClock {
  const active = new Date(row.last_activity ?? row.joined);
  const expired = row.last_expired_on ? expiryInstant(row.last_expired_on) : null;
  const since = expired && expired > active ? expired : active;
  return { memberId: row.id, points: Number(row.points), since, clock: expiryClock(since, schedule) };
}

const clockRows = (where: SQL) => sql`
  select m.id, m.points, m.membership_start_at as joined,
    (select max(e.transaction_at) from point_transactions e where e.member_id = m.id and ${ACTIVITY}) as last_activity,
    (select max(e.meta->>'expiresOn') from point_transactions e
      where e.member_id = m.id and e.activity_type = 'expired') as last_expired_on
  from members m where ${where}
  order by m.id`;

/** One member's clock, read in the caller's transaction (under the member's lock, for the scheduled work's re-check). */
export async function memberClock(db: Database | Tx, memberId: string, schedule: ProgrammeSchedule): Promise<MemberClock | null> {
  const { rows } = await selectRows<ClockRow>(db, clockRows(sql`m.id = ${memberId}`));
  return rows[0] ? memberClockOf(rows[0], schedule) : null;
}

/**
 * Every member holding points whose points expire by `by` under the schedule, found set-based: one
 * query picks the members with no activity since the shortest period before `by` (none wound later
 * can be due), and the schedule decides each exactly. Oldest expiry first.
 */
export async function clocksRunningOutBy(
  db: Database | Tx,
  schedule: ProgrammeSchedule,
  by: Date,
): Promise<(MemberClock & { clock: ExpiryClock })[]> {
  const months = shortestExpiryMonths(schedule);
  if (months === null) return [];
  // A day's margin: the expiry date is a Singapore date, up to a day before the exact months.
  const woundBefore = new Date(addMonths(by, -months).getTime() + 2 * DAY_MS).toISOString();
  const { rows } = await selectRows<ClockRow>(
    db,
    clockRows(sql`m.points > 0 and not exists (
      select 1 from point_transactions e
      where e.member_id = m.id and e.transaction_at >= ${woundBefore}::timestamptz and ${ACTIVITY})`),
  );
  return rows
    .map((row) => memberClockOf(row, schedule))
    .filter((member): member is MemberClock & { clock: ExpiryClock } => member.clock !== null && member.clock.expiresAt <= by)
    .sort((a, b) => a.clock.expiresAt.getTime() - b.clock.expiresAt.getTime() || a.memberId.localeCompare(b.memberId));
}
