import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail, SAMPLE } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";

export const rewardShippedEmail = defineMemberEmail({
  kind: "reward-shipped",
  label: "A reward on its way",
  about: "When a reward you took with points ships with your order.",
  data: z.object({
    invoiceId: z.string(),
    /** Each reward as the invoice words it ("Reward: Luna Collagen, Lychee Luxe (950 points)"). */
    rewards: z.array(z.string()).min(1),
  }),
  body: (data, context) => {
    const many = data.rewards.length > 1;
    return {
      subject: many ? "Your rewards are on their way" : "Your reward is on its way",
      preheader: `${many ? "They ship" : "It ships"} with your order ${data.invoiceId}.`,
      heading: many ? "Your rewards are on their way" : "Your reward is on its way",
      paragraphs: [`What you took with your points has shipped with your order ${data.invoiceId}:`],
      items: data.rewards,
      action: { label: "Follow your order", url: `${context.publicUrl}/order-details/${data.invoiceId}` },
    };
  },
  sample: () => ({
    invoiceId: SAMPLE.invoiceId,
    rewards: ["Reward: Luna Collagen Drink, Lychee Luxe (950 points)", "Reward: Joffee, Hazelnut (350 points)"],
  }),
});

/** The rewards an order carries, as its invoice words them, have shipped with it: once per order, and only when it carries any. */
export async function queueRewardShippedEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; orderId: string; invoiceId: string; rewards: string[] },
): Promise<boolean> {
  if (input.rewards.length === 0) return false;
  return queueMemberEmail(tx, jobs, rewardShippedEmail, {
    memberId: input.memberId,
    subjectKey: input.orderId,
    data: { invoiceId: input.invoiceId, rewards: input.rewards },
  });
}
