import { and, eq, lte } from "drizzle-orm";
import { memberSessions } from "../../db/schema/sessions.ts";
import { IdentityProviderError } from "../../integrations/identity/identity-client.ts";
import type { ActiveSession } from "../shared/session.ts";
import { createSessionRefresher, loadSession, type SessionDeps, type SessionRow } from "./session-refresh.ts";
import { hashOfToken, isWellFormedSessionToken } from "./session-token.ts";
import { activeSession, SESSION_IDLE_MS } from "./sessions.ts";

/** An access token this close to its expiry is refreshed before it is used. */
export const REFRESH_MARGIN_MS = 60_000;
/** lastSeenAt is written at most this often, so a busy member does not write on every request. */
export const TOUCH_INTERVAL_MS = 5 * 60_000;

/** The browser's session: null when there is none, "expired" when it has just ended. */
export type ResumeResult = ActiveSession | "expired" | null;

export type ResumeSession = (cookieToken: string | null, now?: Date) => Promise<ResumeResult>;

/**
 * What the edge runs before every request that sends a session cookie (not an operation: it decides
 * who the viewer is). One per process, since the requests of a process share each refresh; the access
 * token is refreshed when it is (nearly) expired or refused, once.
 */
export function createSessionResumer(deps: SessionDeps): ResumeSession {
  const { db, identity, log } = deps;
  const refresh = createSessionRefresher(deps);

  async function remove(id: string): Promise<void> {
    await db.delete(memberSessions).where(eq(memberSessions.id, id));
  }

  /** "refused" when the provider says the token is no good (the spec's 401); anything else lets the session stand. */
  async function accessTokenStatus(row: SessionRow): Promise<"ok" | "refused"> {
    try {
      const owner = await identity.identityOfAccessToken(row.accessToken);
      return owner.subject === row.subject ? "ok" : "refused";
    } catch (error) {
      if (error instanceof IdentityProviderError && error.errorName === "NotAuthorizedException") return "refused";
      // The tokens came straight from the provider's token endpoint; an outage of its key set or
      // userinfo endpoint must not sign every member out, so the session stands and the failure is logged.
      log.error({ err: error, memberId: row.memberId }, "could not check a session's access token");
      return "ok";
    }
  }

  async function usableTokens(row: SessionRow, now: Date): Promise<SessionRow | null> {
    let current = row;
    let refreshed = false;
    if (current.accessExpiresAt.getTime() - now.getTime() <= REFRESH_MARGIN_MS) {
      const next = await refresh(current);
      if (!next) return null;
      current = next;
      refreshed = true;
    }
    if ((await accessTokenStatus(current)) === "ok") return current;
    if (!refreshed) {
      const next = await refresh(current);
      if (!next) return null;
      if ((await accessTokenStatus(next)) === "ok") return next;
      current = next;
    }
    await remove(current.id);
    log.info({ memberId: current.memberId }, "session ended: the provider refused its access token");
    return null;
  }

  return async (cookieToken, now = new Date()) => {
    if (!isWellFormedSessionToken(cookieToken)) return null;
    const row = await loadSession(db, hashOfToken(cookieToken));
    if (!row) return null;
    const idleSince = now.getTime() - row.lastSeenAt.getTime();
    if (row.expiresAt <= now || idleSince >= SESSION_IDLE_MS) {
      await remove(row.id);
      log.info({ memberId: row.memberId, idle: idleSince >= SESSION_IDLE_MS }, "session expired");
      return "expired";
    }
    const usable = await usableTokens(row, now);
    if (!usable) return "expired";
    if (idleSince >= TOUCH_INTERVAL_MS) {
      await db
        .update(memberSessions)
        .set({ lastSeenAt: now })
        .where(and(eq(memberSessions.id, row.id), lte(memberSessions.lastSeenAt, new Date(now.getTime() - TOUCH_INTERVAL_MS))));
    }
    return activeSession(usable);
  };
}
