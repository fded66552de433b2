import { expiryInstant } from "../loyalty/expiry/expiry-dates.ts";
import { listUnsentExpiryWarnings, markExpiryWarningSent } from "../loyalty/expiry/expiry-warnings.ts";
import type { OperationContext } from "../shared/context.ts";
import { queuePointsExpiringEmail } from "./kinds/points-expiring.ts";

/** How many warnings one read takes; the run reads again until none are left. */
const BATCH = 100;

export type PointsExpiringResult = { queued: number };

/**
 * For the scheduled loyalty maintenance, after the expiry warnings due are recorded: a `points-expiring`
 * email for each warning not sent that still holds, each marked sent in the transaction that queues
 * its email, so a warning is emailed once however many runs meet.
 */
export async function queuePointsExpiringEmails(ctx: OperationContext): Promise<PointsExpiringResult> {
  let queued = 0;
  for (;;) {
    const warnings = await listUnsentExpiryWarnings(ctx, { limit: BATCH });
    for (const warning of warnings) {
      await ctx.db.transaction(async (tx) => {
        if (!(await markExpiryWarningSent(tx, warning.id))) return;
        const sent = await queuePointsExpiringEmail(tx, ctx.jobs, {
          memberId: warning.memberId,
          points: warning.points,
          balance: warning.points,
          expiresAt: expiryInstant(warning.expiresOn),
          daysBefore: warning.daysBefore,
        });
        if (sent) queued += 1;
      });
    }
    if (warnings.length < BATCH) return { queued };
  }
}
