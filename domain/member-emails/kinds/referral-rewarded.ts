import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { formatPoints } from "../../loyalty/programme/programme-copy.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail, pointCount, SAMPLE } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";

export const referralRewardedEmail = defineMemberEmail({
  kind: "referral-rewarded",
  label: "Points for a referral",
  about: "When a friend you referred orders and you earn the referral points.",
  data: z.object({ points: pointCount, friendName: z.string().nullable(), balance: pointCount }),
  body: (data, context) => ({
    subject: `You earned ${formatPoints(data.points)} for a referral`,
    preheader: `Your balance is now ${formatPoints(data.balance)}.`,
    heading: "Thank you for the referral",
    paragraphs: [`${data.friendName ?? "A friend you referred"} ordered with us, so you earned ${formatPoints(data.points)}.`],
    facts: [
      ["Referral points", formatPoints(data.points)],
      ["Your balance", formatPoints(data.balance)],
    ],
    action: { label: "See your points", url: `${context.publicUrl}/member` },
  }),
  sample: () => {
    const points = 200;
    return { points, friendName: "Siti Rahmah", balance: SAMPLE.balance + points };
  },
});

/** A referrer earned points for a referred friend's order: once per referred order (for the referral credit). */
export function queueReferralRewardedEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; referredOrderId: string; points: number; friendName: string | null; balance: number },
): Promise<boolean> {
  return queueMemberEmail(tx, jobs, referralRewardedEmail, {
    memberId: input.memberId,
    subjectKey: input.referredOrderId,
    data: { points: input.points, friendName: input.friendName, balance: input.balance },
  });
}
