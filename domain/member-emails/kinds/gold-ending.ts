import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { DAY_MS } from "../../../kernel/singapore-time.ts";
import { programmeAt } from "../../loyalty/programme/programme.ts";
import { goldKeptText, goldRenewalText } from "../../loyalty/programme/programme-copy.ts";
import { addMonths, goldYearEnd } from "../../loyalty/tiers/tiers.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail, instant, termsAt } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";

/**
 * How many days before a gold year ends its member is reminded (decision 044). A choice of how the
 * shop writes to members, not a programme rule: no point or tier depends on it, so it is not versioned.
 */
export const GOLD_ENDING_NOTICE_DAYS = 14;

export const goldEndingEmail = defineMemberEmail({
  kind: "gold-ending",
  label: "Your gold year ending",
  about: "A reminder before your gold year ends, with what keeps you gold.",
  data: z.object({
    goldStartAt: instant,
    goldYearEndsAt: instant,
    /** Qualifying spend in the gold year so far. */
    spentCents: z.number().int(),
  }),
  body: (data, context) => {
    const yearEnd = new Date(data.goldYearEndsAt);
    const terms = termsAt(context, yearEnd);
    const remaining = terms.goldThresholdCents - data.spentCents;
    return {
      subject: `Your gold year ends on ${formatDate(yearEnd)}`,
      preheader:
        remaining > 0 ? `${formatMoney(remaining)} more keeps you gold.` : "You have already kept gold for another year.",
      heading: "Your gold year is ending soon",
      paragraphs:
        remaining > 0
          ? [
              goldRenewalText(formatDate(yearEnd), terms),
              `So far you have spent ${formatMoney(Math.max(0, data.spentCents))}: ${formatMoney(remaining)} to go.`,
            ]
          : [goldKeptText(terms)],
      action: {
        label: remaining > 0 ? "Shop now" : "See your membership",
        url: `${context.publicUrl}${remaining > 0 ? "/shop" : "/member"}`,
      },
    };
  },
  // A gold year that ends as the notice begins, two thirds of the way to keeping gold.
  sample: ({ schedule, now }) => {
    const { rules } = programmeAt(schedule, now);
    const goldStartAt = addMonths(new Date(now.getTime() + GOLD_ENDING_NOTICE_DAYS * DAY_MS), -rules.gold.lengthMonths);
    return {
      goldStartAt: goldStartAt.toISOString(),
      goldYearEndsAt: goldYearEnd(goldStartAt, schedule).toISOString(),
      spentCents: Math.floor((rules.gold.thresholdCents * 2) / 3),
    };
  },
});

/** A gold year ends within the notice: once per gold year (its start). */
export function queueGoldEndingEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; goldStartAt: Date; goldYearEndsAt: Date; spentCents: number },
): Promise<boolean> {
  const goldStartAt = input.goldStartAt.toISOString();
  return queueMemberEmail(tx, jobs, goldEndingEmail, {
    memberId: input.memberId,
    subjectKey: goldStartAt,
    data: { goldStartAt, goldYearEndsAt: input.goldYearEndsAt.toISOString(), spentCents: input.spentCents },
  });
}
