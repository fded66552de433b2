import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { goldBenefitText, goldRenewalText } from "../../loyalty/programme/programme-copy.ts";
import { goldYearEnd } from "../../loyalty/tiers/tiers.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail, instant, termsAt } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";

export const goldReachedEmail = defineMemberEmail({
  kind: "gold-reached",
  label: "Reaching gold",
  about: "The day you become a gold member, and what gold gives you.",
  data: z.object({ goldStartAt: instant }),
  body: (data, context) => {
    const goldStartAt = new Date(data.goldStartAt);
    const terms = termsAt(context, goldStartAt);
    const yearEnd = goldYearEnd(goldStartAt, context.schedule);
    return {
      subject: `You're a ${context.brandName} gold member`,
      preheader: goldBenefitText(terms),
      heading: "Welcome to gold",
      paragraphs: [
        `Your spend with us has made you a gold member from ${formatDate(goldStartAt)}.`,
        goldBenefitText(terms),
        goldRenewalText(formatDate(yearEnd), termsAt(context, yearEnd)),
      ],
      action: { label: "See your membership", url: `${context.publicUrl}/member` },
    };
  },
  sample: ({ now }) => ({ goldStartAt: now.toISOString() }),
});

/** A member became gold: once per gold year (its start). */
export function queueGoldReachedEmail(tx: Tx, jobs: JobQueue, input: { memberId: string; goldStartAt: Date }): Promise<boolean> {
  const goldStartAt = input.goldStartAt.toISOString();
  return queueMemberEmail(tx, jobs, goldReachedEmail, {
    memberId: input.memberId,
    subjectKey: goldStartAt,
    data: { goldStartAt },
  });
}
