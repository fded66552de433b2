import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { memberSessions } from "../../db/schema/sessions.ts";
import type { IdentityClient } from "../../integrations/identity/identity-client.ts";
import type { OperationContext } from "../shared/context.ts";

/** How long a refused refresh waits for a concurrent one's tokens before it ends the session. */
const REFRESH_RACE_GRACE_MS = 250;
/** How long a finished refresh is still handed to requests that read the session before it was stored. */
const REFRESH_SHARE_MS = 5_000;

export type SessionRow = typeof memberSessions.$inferSelect;

/** What keeping sessions needs: the database, the identity provider and a log for what ends them. */
export type SessionDeps = Pick<OperationContext, "db" | "identity" | "log">;

export async function loadSession(db: Database, id: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(memberSessions).where(eq(memberSessions.id, id));
  return row ?? null;
}

/** The earlier of the session's own end and the refresh token's end, when the provider gives one. */
export function sessionEnd(candidate: Date, refreshExpiresAt: Date | null | undefined): Date {
  return refreshExpiresAt && refreshExpiresAt < candidate ? refreshExpiresAt : candidate;
}

/**
 * Refreshes a session's tokens once with the provider. Requests of one process that need the same
 * refresh share it; across processes the first UPDATE whose `access_token` still holds the old value
 * wins, and the others read what it stored. A refused refresh ends the session (null), unless another
 * request has meanwhile stored new tokens (a provider that rotates refresh tokens refuses the second
 * use of the old one).
 */
export function createSessionRefresher(deps: SessionDeps) {
  const inFlight = new Map<string, Promise<SessionRow | null>>();

  async function refreshOnce(row: SessionRow): Promise<SessionRow | null> {
    if (!row.refreshToken) return endIfUnchanged(row, "no refresh token");
    let tokens: Awaited<ReturnType<IdentityClient["refresh"]>>;
    try {
      tokens = await deps.identity.refresh(row.refreshToken);
    } catch (error) {
      const current = await storedMeanwhile(row);
      if (current) return current;
      return endIfUnchanged(row, "refresh refused", error);
    }
    const [stored] = await deps.db
      .update(memberSessions)
      .set({
        accessToken: tokens.accessToken,
        idToken: tokens.idToken ?? row.idToken,
        refreshToken: tokens.refreshToken ?? row.refreshToken,
        accessExpiresAt: tokens.accessExpiresAt,
        expiresAt: sessionEnd(row.expiresAt, tokens.refreshExpiresAt),
      })
      .where(and(eq(memberSessions.id, row.id), eq(memberSessions.accessToken, row.accessToken)))
      .returning();
    return stored ?? loadSession(deps.db, row.id);
  }

  /**
   * The tokens another request stored while this refresh was refused, if any. That request may have
   * had its answer a moment earlier without having stored it yet, so an unchanged row is read again
   * for up to half a second.
   */
  async function storedMeanwhile(row: SessionRow): Promise<SessionRow | null> {
    for (let read = 0; read < 3; read++) {
      if (read > 0) await new Promise((resolve) => setTimeout(resolve, REFRESH_RACE_GRACE_MS));
      const current = await loadSession(deps.db, row.id);
      if (!current) return null;
      if (current.accessToken !== row.accessToken) return current;
    }
    return null;
  }

  /** Ends the session unless another request has just stored new tokens for it, which are then used. */
  async function endIfUnchanged(row: SessionRow, reason: string, error?: unknown): Promise<SessionRow | null> {
    const deleted = await deps.db
      .delete(memberSessions)
      .where(and(eq(memberSessions.id, row.id), eq(memberSessions.accessToken, row.accessToken)))
      .returning({ id: memberSessions.id });
    if (deleted.length === 0) return loadSession(deps.db, row.id);
    deps.log.info({ memberId: row.memberId, reason, err: error }, "session ended: its tokens could not be refreshed");
    return null;
  }

  // Keyed by the access token being replaced: a request that read the session just before the new
  // tokens were stored still shares this refresh instead of asking the provider again.
  return function refresh(row: SessionRow): Promise<SessionRow | null> {
    const key = `${row.id} ${row.accessToken}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = refreshOnce(row);
      inFlight.set(key, pending);
      const forget = () => setTimeout(() => inFlight.delete(key), REFRESH_SHARE_MS).unref();
      pending.then(forget, forget);
    }
    return pending;
  };
}
