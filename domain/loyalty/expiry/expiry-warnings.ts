import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { expiryWarnings } from "../../../db/schema/expiry.ts";
import { members } from "../../../db/schema/members.ts";
import { singaporeDate } from "../../../kernel/singapore-time.ts";
import { backgroundJob } from "../../shared/access.ts";
import { wholeNumber } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { loadProgrammeSchedule } from "../programme/programme.ts";
import { memberClock } from "./expiry-clocks.ts";

/**
 * The expiry warnings the scheduled loyalty work records (expire-points.ts), for the mailer: it lists
 * those not sent, sends a "points expiring" email for each and marks each sent in the transaction that
 * records the email, so a warning is emailed once.
 */

export type ExpiryWarning = {
  id: string;
  memberId: string;
  email: string;
  name: string;
  /** The Singapore date the points expire on, YYYY-MM-DD. */
  expiresOn: string;
  /** Which warning it is: 30 for the one 30 days before. */
  daysBefore: number;
  /** The member's balance now: what would expire. */
  points: number;
  createdAt: Date;
};

const declared = { access: backgroundJob, input: z.object({ limit: wholeNumber(1, 1_000).default(100) }) };

/**
 * listUnsentExpiryWarnings: the warnings not sent yet, oldest first, that still hold: a member who has
 * earned or redeemed since, spent their points, or whose date has come is left out (their warning is
 * never sent).
 */
export const listUnsentExpiryWarnings = defineOperation(
  declared,
  async function listUnsentExpiryWarnings(ctx, { limit }): Promise<ExpiryWarning[]> {
    const now = ctx.now();
    const rows = await ctx.db
      .select({
        id: expiryWarnings.id,
        memberId: expiryWarnings.memberId,
        email: members.email,
        name: members.name,
        expiresOn: expiryWarnings.expiresOn,
        daysBefore: expiryWarnings.daysBefore,
        points: members.points,
        createdAt: expiryWarnings.createdAt,
      })
      .from(expiryWarnings)
      .innerJoin(members, eq(members.id, expiryWarnings.memberId))
      .where(and(isNull(expiryWarnings.sentAt), sql`${expiryWarnings.expiresOn} > ${singaporeDate(now)}`))
      .orderBy(asc(expiryWarnings.createdAt), asc(expiryWarnings.id))
      .limit(limit);
    if (rows.length === 0) return [];
    const schedule = await loadProgrammeSchedule(ctx.db);
    const memberIds = [...new Set(rows.map((row) => row.memberId))];
    const clocks = new Map<string, string | undefined>();
    for (const memberId of memberIds) clocks.set(memberId, (await memberClock(ctx.db, memberId, schedule))?.clock?.expiresOn);
    return rows.filter((row) => row.points > 0 && clocks.get(row.memberId) === row.expiresOn);
  },
);

/**
 * The mailer's hook: marks the warning sent, in the transaction that records its email. False when
 * it was marked already (another sender got there first), so the caller sends nothing.
 */
export async function markExpiryWarningSent(tx: Tx, id: string): Promise<boolean> {
  const marked = await tx
    .update(expiryWarnings)
    .set({ sentAt: sql`now()` })
    .where(and(eq(expiryWarnings.id, id), isNull(expiryWarnings.sentAt)))
    .returning({ id: expiryWarnings.id });
  return marked.length > 0;
}
