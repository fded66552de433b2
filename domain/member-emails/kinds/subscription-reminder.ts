import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { addDaysToDate, singaporeDate } from "../../../kernel/singapore-time.ts";
import { subscriptionEmailSubject } from "../../../kernel/subscription-email-subject.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";
import { SKIP_RENEWAL_PATH } from "../skip-renewal-token.ts";

/** The words of a subscribed box in subscription emails ("Luna Collagen Nectar · Berries Acai · 1 Box × 2"). */
export const subscribedItem = z.string().min(1).max(300);

/** A renewal date, YYYY-MM-DD (Singapore). */
export const renewalDate = z.iso.date();

export const subscriptionReminderEmail = defineMemberEmail({
  kind: "subscription-reminder",
  label: "Subscription reminders",
  about: "A few days before each subscription box, its date and amount, with links to skip or change it.",
  data: z.object({
    item: subscribedItem,
    dueOn: renewalDate,
    amountCents: z.number().int().min(0),
    /** The signed token of the link that skips this date (skip-renewal-token.ts). */
    skipToken: z.string().min(1).max(400),
  }),
  body: (data, context) => {
    const on = formatCalendarDate(data.dueOn);
    return {
      subject: `Your next box is on its way on ${on}`,
      preheader: `We'll charge ${formatMoney(data.amountCents)} to your card then. Skip or change it before that.`,
      heading: "Your next subscription box",
      paragraphs: [
        `On ${on} we'll send your next box and charge ${formatMoney(data.amountCents)} to the card you keep with us.`,
        "Nothing to do if that suits you. To skip this box or change it, use the links below before then.",
      ],
      facts: [
        ["Box", data.item],
        ["Date", on],
        ["Amount", formatMoney(data.amountCents)],
      ],
      action: { label: "Change my subscription", url: `${context.publicUrl}/member/subscriptions` },
      links: [{ label: "Skip this box", url: `${context.publicUrl}${SKIP_RENEWAL_PATH}?t=${data.skipToken}` }],
    };
  },
  sample: ({ now }) => ({
    item: "Luna Collagen Nectar · Berries Acai · 1 Box",
    dueOn: addDaysToDate(singaporeDate(now), 3),
    amountCents: 5857,
    skipToken: "1.sample.sample",
  }),
});

/** A subscription's renewal on a date is near: once per subscription and date (for the scheduled reminders). */
export function queueSubscriptionReminderEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; subscriptionId: string; item: string; dueOn: string; amountCents: number; skipToken: string },
): Promise<boolean> {
  const { memberId, subscriptionId, ...data } = input;
  const subjectKey = subscriptionEmailSubject(subscriptionId, data.dueOn);
  return queueMemberEmail(tx, jobs, subscriptionReminderEmail, { memberId, subjectKey, data });
}
