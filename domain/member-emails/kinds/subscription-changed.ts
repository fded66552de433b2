import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { subscriptionEmailSubject } from "../../../kernel/subscription-email-subject.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";

export const subscriptionChangedEmail = defineMemberEmail({
  kind: "subscription-changed",
  label: "Changes to your subscriptions",
  about: "When you or our team change a subscription of yours: what changed and what comes next.",
  data: z.object({
    /** What the subscription is for ("Luna Collagen Drink · Lychee Luxe · 8-serving box × 1"). */
    item: z.string(),
    /** The change in a sentence ("Your next box is skipped."). */
    change: z.string(),
    /** What comes next ("Your next box ships on 12 March 2036."), when anything does. */
    next: z.string().nullable(),
  }),
  body: (data, context) => ({
    subject: "Your subscription has changed",
    preheader: data.change,
    heading: "Your subscription has changed",
    paragraphs: [data.change, ...(data.next ? [data.next] : [])],
    facts: [["Subscription", data.item]],
    action: { label: "See your subscriptions", url: `${context.publicUrl}/member/subscriptions` },
  }),
  sample: () => ({
    item: "Luna Collagen Drink · Lychee Luxe · 8-serving box × 1",
    change: "Your next box is skipped.",
    next: "Your next box ships on 12 March 2036.",
  }),
});

/** Tells the member of one change to a subscription; `changeKey` names the change among the subscription's, so it is told once. */
export function queueSubscriptionChangedEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; subscriptionId: string; changeKey: string; item: string; change: string; next: string | null },
): Promise<boolean> {
  const { memberId, subscriptionId, changeKey, ...data } = input;
  const subjectKey = subscriptionEmailSubject(subscriptionId, changeKey);
  return queueMemberEmail(tx, jobs, subscriptionChangedEmail, { memberId, subjectKey, data });
}
