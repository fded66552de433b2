import { DAY_MS, singaporeDate, singaporeDayStart } from "../../../kernel/singapore-time.ts";
import { type ProgrammeSchedule, type ProgrammeVersion, programmeAt } from "../programme/programme.ts";

/**
 * When a member's points expire (decision 043): N months of Singapore calendar after the start of
 * their clock, N being the expiry period of the version in force when the clock started.
 */

/** A Singapore calendar date `months` later; a day the month lacks becomes its last (31 Jan + 1 month = 28 or 29 Feb). */
export function addCalendarMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The first instant of a Singapore date this module made. */
export function expiryInstant(date: string): Date {
  const start = singaporeDayStart(date);
  if (!start) throw new Error(`Not a date: ${date}`);
  return start;
}

export type ExpiryClock = {
  /** The Singapore date the points expire on: they are gone from its first instant. */
  expiresOn: string;
  expiresAt: Date;
  /** The version whose period set the date; the expiry entry records it. */
  version: number;
};

function clockOf(start: Date, version: ProgrammeVersion): ExpiryClock | null {
  const { months } = version.rules.expiry;
  if (months === null) return null;
  const expiresOn = addCalendarMonths(singaporeDate(start), months);
  return { expiresOn, expiresAt: expiryInstant(expiresOn), version: version.number };
}

/**
 * When the points of a member whose clock was last wound at `since` (their last activity, or their
 * last expiry) expire under the schedule, or null when they never do:
 * - the version in force at `since` sets the period; a later version with expiry on does not change a
 *   clock under way (as a gold year keeps the length it started with);
 * - a later version with expiry off stops the clock; when a version switches expiry on (again), the
 *   clock starts at its effective time, so no point expires sooner than a full period after the
 *   shop said points expire.
 */
export function expiryClock(since: Date, schedule: ProgrammeSchedule): ExpiryClock | null {
  let clock = clockOf(since, programmeAt(schedule, since));
  for (const version of schedule) {
    if (version.effectiveAt <= since) continue;
    if (clock && clock.expiresAt <= version.effectiveAt) return clock;
    if (version.rules.expiry.months === null) clock = null;
    else clock ??= clockOf(version.effectiveAt, version);
  }
  return clock;
}

/** The shortest period any version gives: no clock wound later than that before `at` can have run out by then. */
export function shortestExpiryMonths(schedule: ProgrammeSchedule): number | null {
  const periods = schedule.flatMap((version) => (version.rules.expiry.months === null ? [] : [version.rules.expiry.months]));
  return periods.length > 0 ? Math.min(...periods) : null;
}

/** Whole Singapore days from `now`'s date to the expiry date (0 on the day itself). */
export function daysLeft(expiresOn: string, now: Date): number {
  return Math.round((expiryInstant(expiresOn).getTime() - expiryInstant(singaporeDate(now)).getTime()) / DAY_MS);
}

/**
 * The warning due now for points expiring on `expiresOn`: the nearest of `warningDays` whose day has
 * come (30 days before, then 3), or null before the first and from the expiry date on. A warning day
 * the scheduled work missed is not sent late once a nearer one is due.
 */
export function warningDue(expiresOn: string, now: Date, warningDays: readonly number[]): number | null {
  const left = daysLeft(expiresOn, now);
  if (left <= 0) return null;
  const reached = warningDays.filter((days) => days >= left);
  return reached.length > 0 ? Math.min(...reached) : null;
}
