import { randomBytes } from "node:crypto";
import { and, eq, lte, or } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { staffSessions } from "../../db/schema/staff.ts";
import { HOUR_MS, MINUTE_MS } from "../../kernel/singapore-time.ts";
import type { OperationContext, StaffViewer } from "../shared/context.ts";
import { staffViewerOf } from "../staff/staff-access.ts";
import { hashOfToken, isWellFormedSessionToken, newSessionToken } from "./session-token.ts";

/**
 * Back-office sign-ins are shorter than members': idle for two hours or open for twelve (a working
 * day), and the staff member signs in again.
 */
export const STAFF_SESSION_IDLE_MS = 2 * HOUR_MS;
export const STAFF_SESSION_LIFETIME_MS = 12 * HOUR_MS;
/** Seen-at is written at most this often, so a busy page does not write on every request. */
const SEEN_AT_GRANULARITY_MS = MINUTE_MS;

export type OpenedStaffSession = { token: string; id: string; csrfToken: string; expiresAt: Date };

/** Always a new session with a new id; the staff member's sessions that ran out go with it. */
export async function openStaffSession(tx: Tx, email: string, now: Date): Promise<OpenedStaffSession> {
  const token = newSessionToken();
  const opened = {
    id: hashOfToken(token),
    csrfToken: randomBytes(32).toString("base64url"),
    expiresAt: new Date(now.getTime() + STAFF_SESSION_LIFETIME_MS),
  };
  await tx.insert(staffSessions).values({ ...opened, email, lastSeenAt: now, createdAt: now });
  await tx
    .delete(staffSessions)
    .where(
      and(
        eq(staffSessions.email, email),
        or(lte(staffSessions.expiresAt, now), lte(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_SESSION_IDLE_MS))),
      ),
    );
  return { token, ...opened };
}

/**
 * The staff member a browser's back-office cookie names, or null: no such session, idle or past its
 * end, or its email is no longer an owner nor on the staff list (the session then ends).
 */
export async function resumeStaffSession(
  ctx: Pick<OperationContext, "db" | "settings">,
  token: string,
  now: Date,
): Promise<StaffViewer | null> {
  if (!isWellFormedSessionToken(token)) return null;
  const id = hashOfToken(token);
  const [row] = await ctx.db.select().from(staffSessions).where(eq(staffSessions.id, id));
  if (!row) return null;
  const idle = row.lastSeenAt.getTime() <= now.getTime() - STAFF_SESSION_IDLE_MS;
  const viewer = idle || row.expiresAt <= now ? null : await staffViewerOf(ctx, row.email, { id, csrfToken: row.csrfToken });
  if (!viewer) {
    await ctx.db.delete(staffSessions).where(eq(staffSessions.id, id));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= SEEN_AT_GRANULARITY_MS) {
    await ctx.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
  }
  return viewer;
}
