import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { DAY_MS } from "../../../kernel/singapore-time.ts";
import { formatPoints } from "../../loyalty/programme/programme-copy.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail, instant, pointCount, SAMPLE } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";

export const pointsExpiringEmail = defineMemberEmail({
  kind: "points-expiring",
  label: "Points about to expire",
  about: "A warning before points you haven't used expire.",
  data: z.object({ points: pointCount, expiresAt: instant, balance: pointCount }),
  body: (data, context) => {
    const expiresOn = formatDate(new Date(data.expiresAt));
    return {
      subject: `${formatPoints(data.points)} expire on ${expiresOn}`,
      preheader: "Use them on a reward before they go.",
      heading: "Some of your points are expiring",
      paragraphs: [`${formatPoints(data.points)} of your balance expire on ${expiresOn}. Use them on a reward before then.`],
      facts: [
        [`Expiring on ${expiresOn}`, formatPoints(data.points)],
        ["Your balance", formatPoints(data.balance)],
      ],
      action: { label: "Choose a reward", url: `${context.publicUrl}/member` },
    };
  },
  sample: ({ now }) => ({ points: 320, expiresAt: new Date(now.getTime() + 30 * DAY_MS).toISOString(), balance: SAMPLE.balance }),
});

/** A member's points expire soon: once per member and expiry date (for the scheduled expiry work). */
export function queuePointsExpiringEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; points: number; expiresAt: Date; balance: number; daysBefore: number },
): Promise<boolean> {
  return queueMemberEmail(tx, jobs, pointsExpiringEmail, {
    memberId: input.memberId,
    // One email per warning day before the date: 30 days, then 3.
    subjectKey: `${input.expiresAt.toISOString()}:${input.daysBefore}`,
    data: { points: input.points, expiresAt: input.expiresAt.toISOString(), balance: input.balance },
  });
}
