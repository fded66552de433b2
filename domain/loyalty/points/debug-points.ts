import { randomUUID } from "node:crypto";
import { z } from "zod";
import { lockMember } from "../../members/locked-member.ts";
import { memberViewAfter } from "../../members/member-after.ts";
import type { MemberWriteDeps } from "../../members/member-deps.ts";
import type { MemberView } from "../../members/member-view.ts";
import { count, optional } from "../../shared/input.ts";
import { MAX_DEBUG_POINTS } from "./debug-defaults.ts";
import { programmeVersionAt, recordPointEntry } from "./point-ledger.ts";

const MAX_REQUEST_ID_LENGTH = 100;

const REQUEST_ID = `meta.requestId must be a text of 1 to ${MAX_REQUEST_ID_LENGTH} characters.`;

/**
 * The meta fields of a debug credit: `points` (1 to MAX_DEBUG_POINTS, `defaultPoints` when left out)
 * and `requestId`, which makes a retried credit count once; without one, every call is a new credit.
 */
export function debugCreditFields(defaultPoints: number) {
  return {
    points: optional(
      count(1, MAX_DEBUG_POINTS, `meta.points must be a whole number from 1 to ${MAX_DEBUG_POINTS}.`, /\S/),
    ).transform((points) => points ?? defaultPoints),
    requestId: optional(
      z
        .string({ error: REQUEST_ID })
        .max(MAX_REQUEST_ID_LENGTH, { error: REQUEST_ID })
        .refine((value) => value.trim() !== "", { error: REQUEST_ID }),
    ),
  };
}

/**
 * Debug tools (the calling operations check debug mode and ownership): a credit of meta.points as
 * `bonus` (Dummy Bonus Points) or `refund` (points given back, as a refund of points does). Neither is
 * an earn action, so activities stay as they are.
 */
export async function creditDebugPoints(
  deps: MemberWriteDeps,
  input: { memberId: string; kind: "bonus" | "refund"; points: number; requestId?: string | undefined },
): Promise<{ member: MemberView; credited: boolean }> {
  const { points } = input;
  const requestId = input.requestId ?? randomUUID();
  const credited = await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, input.memberId);
    return recordPointEntry(tx, deps.jobs, {
      memberId: member.id,
      email: member.email,
      kind: input.kind,
      transactionType: "credit",
      points,
      meta: { source: "debug", requestId },
      idempotencyKey: `${input.kind}:${member.id}:debug:${requestId}`,
      at: deps.now(),
      programmeVersion: await programmeVersionAt(tx, deps.now()),
    });
  });
  return { member: await memberViewAfter(deps, input.memberId), credited };
}
