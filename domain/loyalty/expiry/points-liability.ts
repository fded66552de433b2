import { sql } from "drizzle-orm";
import { members } from "../../../db/schema/members.ts";
import type { OperationContext } from "../../shared/context.ts";
import type { ProgrammeSchedule } from "../programme/programme.ts";
import { clocksRunningOutBy } from "./expiry-clocks.ts";

/**
 * The points members hold that still count at `now`: their balances less the points whose date has
 * come, which the scheduled work may not have written off yet (`overdue`).
 */
export async function outstandingPoints(
  ctx: OperationContext,
  schedule: ProgrammeSchedule,
  now: Date,
): Promise<{ outstanding: number; overdue: number }> {
  const [balance] = await ctx.db.select({ points: sql<number>`coalesce(sum(${members.points}), 0)::bigint` }).from(members);
  const overdue = (await clocksRunningOutBy(ctx.db, schedule, now)).reduce((sum, member) => sum + member.points, 0);
  return { outstanding: Number(balance?.points ?? 0) - overdue, overdue };
}

/** The programme's liability: the outstanding points at what one point may cost the shop (pointValueCents), in cents. */
export function liabilityCents(points: number, pointValueCents: number): number {
  return Math.round(points * pointValueCents);
}
