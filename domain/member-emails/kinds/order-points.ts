import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { members } from "../../../db/schema/members.ts";
import { formatPoints, qualifyingSpendText } from "../../loyalty/programme/programme-copy.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail, pointCount, SAMPLE, termsAt } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";

export const orderPointsEmail = defineMemberEmail({
  kind: "order-points",
  label: "Points earned on an order",
  about: "What each order earned you, with any campaign bonus.",
  data: z.object({
    invoiceId: z.string(),
    /** The order's own points, by the programme's rate. */
    points: pointCount,
    /** Each running campaign's bonus on the order. */
    bonuses: z.array(z.object({ name: z.string(), points: pointCount })),
    /** The member's balance once the order and its bonuses were credited. */
    balance: pointCount,
  }),
  body: (data, context) => {
    const bonus = data.bonuses.reduce((sum, entry) => sum + entry.points, 0);
    const total = data.points + bonus;
    return {
      subject: `You earned ${formatPoints(total)} on order ${data.invoiceId}`,
      preheader: `Your balance is now ${formatPoints(data.balance)}.`,
      heading: `${formatPoints(total)} for your order`,
      paragraphs: [
        `Thank you for your order ${data.invoiceId}. It earned you ${formatPoints(total)}${bonus > 0 ? ", campaign bonus included" : ""}.`,
        `Points are earned on ${qualifyingSpendText(termsAt(context, context.at))}.`,
      ],
      facts: [
        [`Order ${data.invoiceId}`, formatPoints(data.points)],
        ...data.bonuses.map((entry): [string, string] => [`Bonus: ${entry.name}`, formatPoints(entry.points)]),
        ["Your balance", formatPoints(data.balance)],
      ],
      action: { label: "See your points", url: `${context.publicUrl}/member` },
    };
  },
  sample: () => ({
    invoiceId: SAMPLE.invoiceId,
    points: 101,
    bonuses: [{ name: "Double points weekend", points: 101 }],
    balance: SAMPLE.balance,
  }),
});

/** Points earned for an order, with its campaign bonuses and the balance they make: once per order. */
export async function queueOrderPointsEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; orderId: string; invoiceId: string; points: number; bonuses: { name: string; points: number }[] },
): Promise<boolean> {
  const [member] = await tx.select({ points: members.points }).from(members).where(eq(members.id, input.memberId));
  if (!member) throw new Error(`Member ${input.memberId} is gone while its order is credited.`);
  return queueMemberEmail(tx, jobs, orderPointsEmail, {
    memberId: input.memberId,
    subjectKey: input.orderId,
    data: { invoiceId: input.invoiceId, points: input.points, bonuses: input.bonuses, balance: member.points },
  });
}
