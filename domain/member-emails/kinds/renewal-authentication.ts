import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { formatCalendarDate, formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { HOUR_MS, singaporeDate } from "../../../kernel/singapore-time.ts";
import { subscriptionEmailSubject } from "../../../kernel/subscription-email-subject.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail, instant } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";
import { renewalDate, subscribedItem } from "./subscription-reminder.ts";

export const renewalAuthenticationEmail = defineMemberEmail({
  kind: "renewal-authentication",
  label: "Subscription payments to confirm",
  about: "When your bank wants you to confirm the payment for a subscription box yourself.",
  data: z.object({
    item: subscribedItem,
    dueOn: renewalDate,
    amountCents: z.number().int().min(0),
    /** The payment provider's page for this payment (the test provider's is a path on the shop). */
    payUrl: z.string().min(1).max(2000),
    payBy: instant,
  }),
  body: (data, context) => {
    const amount = formatMoney(data.amountCents);
    return {
      subject: "Please confirm the payment for your subscription box",
      preheader: `Your bank wants you to confirm ${amount} before we send your box.`,
      heading: "Confirm your payment",
      paragraphs: [
        `Your bank wants you to confirm the payment of ${amount} for your box due ${formatCalendarDate(data.dueOn)}. Nothing has been taken yet.`,
        `Confirm it by ${formatTimestamp(new Date(data.payBy))} and we'll send your box straight away.`,
      ],
      facts: [
        ["Box", data.item],
        ["Amount", amount],
      ],
      action: { label: "Confirm the payment", url: new URL(data.payUrl, context.publicUrl).toString() },
    };
  },
  sample: ({ now }) => ({
    item: "Luna Collagen Nectar · Berries Acai · 1 Box",
    dueOn: singaporeDate(now),
    amountCents: 5857,
    payUrl: "/pay/test/cs_test_sample",
    payBy: new Date(now.getTime() + 23 * HOUR_MS).toISOString(),
  }),
});

/** A renewal's charge needs the card holder: its payment page, once per subscription, date and attempt. */
export function queueRenewalAuthenticationEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; subscriptionId: string; attempt: number; data: z.input<typeof renewalAuthenticationEmail.data> },
): Promise<boolean> {
  return queueMemberEmail(tx, jobs, renewalAuthenticationEmail, {
    memberId: input.memberId,
    subjectKey: subscriptionEmailSubject(input.subscriptionId, `${input.data.dueOn}:${input.attempt}`),
    data: input.data,
  });
}
