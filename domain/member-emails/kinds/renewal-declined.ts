import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { formatCalendarDate, formatDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { DAY_MS, singaporeDate } from "../../../kernel/singapore-time.ts";
import { subscriptionEmailSubject } from "../../../kernel/subscription-email-subject.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail, instant } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";
import { renewalDate, subscribedItem } from "./subscription-reminder.ts";

export const renewalDeclinedEmail = defineMemberEmail({
  kind: "renewal-declined",
  label: "Subscription payments declined",
  about: "When the card for a subscription box is declined: when we try again, and how to change the card.",
  data: z.object({
    item: subscribedItem,
    dueOn: renewalDate,
    amountCents: z.number().int().min(0),
    cardLast4: z.string().max(4),
    reason: z.string().max(500),
    /** When the card is tried again; null: that was the last try, and the subscription stopped. */
    retryAt: instant.nullable(),
  }),
  body: (data, context) => {
    const amount = formatMoney(data.amountCents);
    const card = `your card ending ${data.cardLast4}`;
    const next = data.retryAt
      ? `We'll try ${card} again on ${formatDate(new Date(data.retryAt))}. To pay with another card, change it on your subscriptions page before then.`
      : "That was our last try, so the subscription is paused until you change the card on your subscriptions page.";
    return {
      subject: data.retryAt ? "Your subscription payment was declined" : "Your subscription is paused: the payment failed",
      preheader: data.retryAt ? "We'll try again, or change your card." : "Change your card to start it again.",
      heading: data.retryAt ? "We couldn't take the payment for your box" : "Your subscription is paused",
      paragraphs: [
        `The bank declined ${amount} on ${card} for your box due ${formatCalendarDate(data.dueOn)}: “${data.reason}”`,
        next,
      ],
      facts: [
        ["Box", data.item],
        ["Amount", amount],
      ],
      action: { label: "Change my card", url: `${context.publicUrl}/member/subscriptions` },
    };
  },
  sample: ({ now }) => ({
    item: "Luna Collagen Nectar · Berries Acai · 1 Box",
    dueOn: singaporeDate(now),
    amountCents: 5857,
    cardLast4: "0341",
    reason: "Your card was declined.",
    retryAt: new Date(now.getTime() + 2 * DAY_MS).toISOString(),
  }),
});

/** A renewal's charge was declined: once per subscription, date and attempt. */
export function queueRenewalDeclinedEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; subscriptionId: string; attempt: number; data: z.input<typeof renewalDeclinedEmail.data> },
): Promise<boolean> {
  return queueMemberEmail(tx, jobs, renewalDeclinedEmail, {
    memberId: input.memberId,
    subjectKey: subscriptionEmailSubject(input.subscriptionId, `${input.data.dueOn}:${input.attempt}`),
    data: input.data,
  });
}
