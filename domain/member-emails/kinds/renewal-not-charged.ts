import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { addDaysToDate, singaporeDate } from "../../../kernel/singapore-time.ts";
import { subscriptionEmailSubject } from "../../../kernel/subscription-email-subject.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";
import { renewalDate, subscribedItem } from "./subscription-reminder.ts";

export const renewalNotChargedEmail = defineMemberEmail({
  kind: "renewal-not-charged",
  label: "Subscription boxes we could not send",
  about: "When a subscription box is sold out or no longer offered: nothing is charged, and what happens next.",
  data: z.object({
    item: subscribedItem,
    dueOn: renewalDate,
    /** Why it was not sent: its stock ran short, or the option is no longer sold for subscriptions. */
    why: z.enum(["sold_out", "not_offered"]),
    /** The merchant's sold-out rule: tried again each day, or passed over to the next date. */
    outcome: z.enum(["delayed", "skipped"]),
    /** The subscription's next date after this one. */
    nextRenewalOn: renewalDate,
  }),
  body: (data, context) => {
    const on = formatCalendarDate(data.dueOn);
    const next = formatCalendarDate(data.nextRenewalOn);
    const what = data.why === "sold_out" ? "is sold out" : "is no longer offered for subscriptions";
    return {
      subject: data.outcome === "delayed" ? `Your box of ${on} is delayed` : `Your box of ${on} is skipped`,
      preheader: `It ${what}. Nothing has been charged.`,
      heading: data.outcome === "delayed" ? "Your box is delayed" : "Your box is skipped",
      paragraphs: [
        `${data.item} ${what}, so we did not send your box due ${on} and have not charged your card.`,
        data.outcome === "delayed"
          ? `We'll try again each day from ${next} and send it as soon as we can, charging your card only then.`
          : `This box is skipped. Your next box is due on ${next}.`,
        "To get another flavour or product instead, or to pause, change your subscription on your subscriptions page.",
      ],
      facts: [
        ["Box", data.item],
        ["Due", on],
      ],
      action: { label: "Change my subscription", url: `${context.publicUrl}/member/subscriptions` },
    };
  },
  sample: ({ now }) => ({
    item: "Luna Collagen Nectar · Berries Acai · 1 Box × 1",
    dueOn: singaporeDate(now),
    why: "sold_out" as const,
    outcome: "delayed" as const,
    nextRenewalOn: addDaysToDate(singaporeDate(now), 1),
  }),
});

/** A renewal was not charged because its option could not be sold: once per subscription and date. */
export function queueRenewalNotChargedEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; subscriptionId: string; data: z.input<typeof renewalNotChargedEmail.data> },
): Promise<boolean> {
  return queueMemberEmail(tx, jobs, renewalNotChargedEmail, {
    memberId: input.memberId,
    subjectKey: subscriptionEmailSubject(input.subscriptionId, input.data.dueOn),
    data: input.data,
  });
}
