import { randomUUID } from "node:crypto";
import { expiryWarnings } from "../../../db/schema/expiry.ts";
import { DAY_MS } from "../../../kernel/singapore-time.ts";
import { recordShopEvent } from "../../events/record-shop-event.ts";
import { lockMember } from "../../members/locked-member.ts";
import type { OperationContext } from "../../shared/context.ts";
import { recordPointEntry } from "../points/point-ledger.ts";
import { loadProgrammeSchedule, programmeAt, programmeInForce } from "../programme/programme.ts";
import { clocksRunningOutBy, memberClock } from "./expiry-clocks.ts";
import { warningDue } from "./expiry-dates.ts";

export type PointsExpiryResult = { expired: number; pointsExpired: number; warnings: number };

/** The one key of a member's expiry on a date: however many runs meet it, it is written once. */
export const expiryKeyOf = (memberId: string, expiresOn: string) => `expiry:${memberId}:${expiresOn}`;

/**
 * The scheduled expiry (decision 043): finds, set-based, the members whose points have expired by
 * `now` or whose warning day has come, then handles each in a short transaction of its own under the
 * member's lock, judging again from what the ledger holds then: an expired balance is written off by
 * one `expired` debit keyed by member and date, a warning is recorded once per member, date and day.
 * A Pending reward's points left the balance when it was taken, so they are never written off from
 * under it. Runs at the same time, retries and a run killed half-way change nothing twice: what a
 * committed member's transaction wrote makes them no longer due, and the key backs that up.
 *
 * Returns what this run did and the failures of the members it could not handle (logged; the others
 * still commit).
 */
export async function expirePoints(
  ctx: Pick<OperationContext, "db" | "log" | "jobs">,
  now: Date,
): Promise<{ result: PointsExpiryResult; failures: unknown[] }> {
  const schedule = await loadProgrammeSchedule(ctx.db);
  const warningDays = programmeAt(schedule, now).rules.expiry.warningDays;
  const horizon = new Date(now.getTime() + Math.max(0, ...warningDays) * DAY_MS);
  const due = await clocksRunningOutBy(ctx.db, schedule, horizon);
  const result: PointsExpiryResult = { expired: 0, pointsExpired: 0, warnings: 0 };
  const failures: unknown[] = [];
  for (const { memberId } of due) {
    try {
      await ctx.db.transaction(async (tx) => {
        const member = await lockMember(tx, memberId);
        const { version, schedule: inForce } = await programmeInForce(tx, now);
        const clock = (await memberClock(tx, memberId, inForce))?.clock;
        if (!clock || member.points === 0) return;
        if (clock.expiresAt <= now) {
          const written = await recordPointEntry(tx, ctx.jobs, {
            memberId,
            email: member.email,
            kind: "expired",
            transactionType: "debit",
            points: member.points,
            meta: { expiresOn: clock.expiresOn },
            idempotencyKey: expiryKeyOf(memberId, clock.expiresOn),
            programmeVersion: clock.version,
            at: now,
          });
          if (written) {
            result.expired += 1;
            result.pointsExpired += member.points;
          }
          return;
        }
        const daysBefore = warningDue(clock.expiresOn, now, version.rules.expiry.warningDays);
        if (daysBefore === null) return;
        const recorded = await tx
          .insert(expiryWarnings)
          .values({ id: randomUUID(), memberId, expiresOn: clock.expiresOn, daysBefore, points: member.points, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: expiryWarnings.id });
        result.warnings += recorded.length;
        if (recorded.length === 0) return;
        await recordShopEvent(tx, ctx.jobs, {
          type: "points.expiring",
          key: `points.expiring:${memberId}:${clock.expiresOn}:${daysBefore}`,
          data: { memberId, points: member.points, expiresAt: clock.expiresAt.toISOString(), balance: member.points },
          at: now,
        });
      });
    } catch (error) {
      ctx.log.error({ err: error, memberId }, "loyalty maintenance: this member's points expiry could not be judged");
      failures.push(error);
    }
  }
  return { result, failures };
}
