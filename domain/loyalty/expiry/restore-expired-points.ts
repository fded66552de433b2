import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { pointTransactions } from "../../../db/schema/points.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { lockMember } from "../../members/locked-member.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { MAX_ADJUSTMENT_REASON } from "../points/point-adjustment-limits.ts";
import { programmeVersionAt, recordPointEntry } from "../points/point-ledger.ts";
import { RESTORE_KEY_PREFIX } from "./member-expiries.ts";

export const RestoreExpiredPointsInput = z.object({
  memberId: identifier(),
  /** The `expired` entry to reverse. */
  entryId: identifier(),
  reason: z
    .string({ error: "is required" })
    .trim()
    .min(1, { error: "is required" })
    .max(MAX_ADJUSTMENT_REASON, { error: `must be at most ${MAX_ADJUSTMENT_REASON} characters` }),
});

/** The one key of an expiry's reversal: an expiry is restored once (member-expiries.ts joins on it). */
export const restoreKeyOf = (entryId: string) => `${RESTORE_KEY_PREFIX}${entryId}`;

const declared = { access: staffHolding("points"), input: RestoreExpiredPointsInput };

/**
 * restoreExpiredPoints: staff give back the points one expiry wrote off, with a reason: a compensating
 * `expiry-reversal` credit of the same points, once per expiry, audited. Like every credit it winds the
 * member's expiry clock, so the restored points get a full period (decision 043).
 */
export const restoreExpiredPoints = defineOperation(declared, async function restoreExpiredPoints(ctx, input, actor) {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, input.memberId);
    const [expiry] = await tx
      .select({ id: pointTransactions.id, points: pointTransactions.points, meta: pointTransactions.meta })
      .from(pointTransactions)
      .where(
        and(
          eq(pointTransactions.id, input.entryId),
          eq(pointTransactions.memberId, member.id),
          eq(pointTransactions.activityType, "expired"),
        ),
      );
    if (!expiry) throw new AppError("NOT_FOUND", "This member has no such expiry.");
    const restored = await recordPointEntry(tx, ctx.jobs, {
      memberId: member.id,
      email: member.email,
      kind: "expiry-reversal",
      transactionType: "credit",
      points: expiry.points,
      meta: { reason: input.reason, staffEmail: actor.email, expiryEntryId: expiry.id, expiresOn: expiry.meta.expiresOn },
      idempotencyKey: restoreKeyOf(expiry.id),
      at,
      programmeVersion: await programmeVersionAt(tx, at),
    });
    if (!restored) throw new AppError("CONFLICT", "These expired points were restored already.");
    const after = member.points + expiry.points;
    await recordAudit(tx, {
      actor,
      action: "member.expiry-restore",
      target: member.id,
      before: { points: member.points },
      after: { points: after, restored: expiry.points, expiresOn: expiry.meta.expiresOn, reason: input.reason },
      at,
    });
    return { points: after, restored: expiry.points };
  });
});
