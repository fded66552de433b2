import { randomUUID } from "node:crypto";
import { AppError } from "../../kernel/app-error.ts";
import type { MemberDeps } from "../members/member-deps.ts";
import type { MemberView } from "../members/member-view.ts";
import { DEBUG_BONUS_POINTS, DEBUG_REFUND_POINTS } from "./debug-defaults.ts";
import { lockMember } from "./locked-member.ts";
import { memberViewAfter } from "./member-after.ts";
import { recordPointEntry } from "./point-ledger.ts";

const MAX_DEBUG_POINTS = 100_000;
const MAX_REQUEST_ID_LENGTH = 100;

function debugPoints(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  const points = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof points !== "number" || !Number.isInteger(points) || points < 1 || points > MAX_DEBUG_POINTS) {
    throw new AppError("BAD_USER_INPUT", `meta.points must be a whole number from 1 to ${MAX_DEBUG_POINTS}.`);
  }
  return points;
}

/** meta.requestId makes a retried debug credit count once; without one, every call is a new credit. */
function requestIdOf(value: unknown): string {
  if (value === undefined || value === null) return randomUUID();
  if (typeof value !== "string" || value.trim() === "" || value.length > MAX_REQUEST_ID_LENGTH) {
    throw new AppError("BAD_USER_INPUT", `meta.requestId must be a text of 1 to ${MAX_REQUEST_ID_LENGTH} characters.`);
  }
  return value;
}

/**
 * Debug tools (the calling operations check debug mode and ownership): a credit of meta.points (default 100) as
 * `bonus` (Dummy Bonus Points) or `refund` (points given back, as a refund of points does). Neither is
 * an earn action, so activities stay as they are.
 */
export async function creditDebugPoints(
  deps: MemberDeps,
  input: { memberId: string; kind: "bonus" | "refund"; meta: Record<string, unknown> },
): Promise<{ member: MemberView; credited: boolean }> {
  const points = debugPoints(input.meta.points, input.kind === "bonus" ? DEBUG_BONUS_POINTS : DEBUG_REFUND_POINTS);
  const requestId = requestIdOf(input.meta.requestId);
  const credited = await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, input.memberId);
    return recordPointEntry(tx, {
      memberId: member.id,
      email: member.email,
      kind: input.kind,
      transactionType: "credit",
      points,
      meta: { source: "debug", requestId },
      idempotencyKey: `${input.kind}:${member.id}:debug:${requestId}`,
      at: deps.now(),
    });
  });
  return { member: await memberViewAfter(deps, input.memberId), credited };
}
