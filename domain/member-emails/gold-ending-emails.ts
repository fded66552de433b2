import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { members } from "../../db/schema/members.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import type { ProgrammeSchedule } from "../loyalty/programme/programme.ts";
import { addMonths, goldYearEnd, qualifyingSpendCents, shortestGoldMonths } from "../loyalty/tiers/tiers.ts";
import { lockMember } from "../members/locked-member.ts";
import type { OperationContext } from "../shared/context.ts";
import { GOLD_ENDING_NOTICE_DAYS, goldEndingEmail, queueGoldEndingEmail } from "./kinds/gold-ending.ts";

export type GoldEndingResult = { queued: number; failures: unknown[] };

/**
 * For the scheduled loyalty maintenance: a `gold-ending` email for each gold member whose gold year
 * ends within the notice, once per gold year (its start is the email's subject). Each member is
 * re-read under its lock in a transaction of its own; a failure is logged and handed back, the
 * others still go.
 */
export async function queueGoldEndingEmails(
  ctx: Pick<OperationContext, "db" | "jobs" | "log">,
  now: Date,
  schedule: ProgrammeSchedule,
): Promise<GoldEndingResult> {
  const horizon = new Date(now.getTime() + GOLD_ENDING_NOTICE_DAYS * DAY_MS);
  // No gold year that started after this can end before the horizon (see runLoyaltyMaintenance).
  const candidates = await ctx.db
    .select({ id: members.id, goldStartAt: members.goldStartAt })
    .from(members)
    .where(and(eq(members.membershipStatus, "gold"), lte(members.goldStartAt, addMonths(horizon, -shortestGoldMonths(schedule)))))
    .orderBy(asc(members.id));
  const endingSoon = candidates.filter(({ goldStartAt }) => goldStartAt && isEndingBy(goldStartAt, now, horizon, schedule));
  if (endingSoon.length === 0) return { queued: 0, failures: [] };
  const told = await ctx.db
    .select({ memberId: emailOutbox.memberId, subjectKey: emailOutbox.subjectKey })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.kind, goldEndingEmail.kind),
        inArray(
          emailOutbox.memberId,
          endingSoon.map(({ id }) => id),
        ),
      ),
    );
  const toldKeys = new Set(told.map((row) => `${row.memberId} ${row.subjectKey}`));

  const result: GoldEndingResult = { queued: 0, failures: [] };
  for (const { id, goldStartAt } of endingSoon) {
    if (!goldStartAt || toldKeys.has(`${id} ${goldStartAt.toISOString()}`)) continue;
    try {
      const queued = await ctx.db.transaction(async (tx) => {
        const member = await lockMember(tx, id);
        const start = member.goldStartAt;
        if (member.membershipStatus !== "gold" || !start || !isEndingBy(start, now, horizon, schedule)) return false;
        const goldYearEndsAt = goldYearEnd(start, schedule);
        const spentCents = await qualifyingSpendCents(tx, id, { after: start, through: goldYearEndsAt });
        return queueGoldEndingEmail(tx, ctx.jobs, { memberId: id, goldStartAt: start, goldYearEndsAt, spentCents });
      });
      if (queued) result.queued += 1;
    } catch (error) {
      ctx.log.error({ err: error, memberId: id }, "loyalty maintenance: this member's gold-ending email could not be queued");
      result.failures.push(error);
    }
  }
  return result;
}

function isEndingBy(goldStartAt: Date, now: Date, horizon: Date, schedule: ProgrammeSchedule): boolean {
  const end = goldYearEnd(goldStartAt, schedule);
  return end > now && end <= horizon;
}
