import { randomBytes } from "node:crypto";
import { and, eq, lte, or } from "drizzle-orm";
import { memberSessions } from "../../db/schema/members.ts";
import { IdentityProviderError, type ProviderTokens } from "../../integrations/identity/identity-client.ts";
import type { VerifiedIdentity } from "./identity.ts";
import type { ActiveSession } from "./session.ts";
import { createSessionRefresher, loadSession, type SessionDeps, type SessionRow, sessionEnd } from "./session-refresh.ts";
import { hashOfToken, isWellFormedSessionToken, newSessionToken } from "./session-token.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 14 * DAY_MS;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** An access token this close to its expiry is refreshed before it is used. */
export const REFRESH_MARGIN_MS = 60_000;
/** lastSeenAt is written at most this often, so a busy member does not write on every request. */
export const TOUCH_INTERVAL_MS = 5 * 60_000;

export type OpenedSession = { token: string; session: ActiveSession; expiresAt: Date };
export type ResumeResult = ActiveSession | "expired" | null;

function activeSession(row: SessionRow): ActiveSession {
  return { id: row.id, memberId: row.memberId, subject: row.subject, provider: row.provider, csrfToken: row.csrfToken };
}

/**
 * Server-held sign-ins: the browser's cookie holds a random token, the database its SHA-256 and
 * the provider's tokens. Idle timeout 14 days, absolute lifetime 30 days and never beyond the
 * refresh token; the access token is refreshed when it is (nearly) expired or refused, once.
 */
export function createSessions(deps: SessionDeps) {
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

  return {
    /** Always a new session (and id): the caller ends the one the browser had. */
    async open(input: { memberId: string; identity: VerifiedIdentity; tokens: ProviderTokens }, now = new Date()) {
      const { tokens } = input;
      const token = newSessionToken();
      // Without a refresh token the session cannot outlive its access token.
      const cap = tokens.refreshToken ? tokens.refreshExpiresAt : tokens.accessExpiresAt;
      const expiresAt = sessionEnd(new Date(now.getTime() + SESSION_LIFETIME_MS), cap);
      const [row] = await db
        .insert(memberSessions)
        .values({
          id: hashOfToken(token),
          memberId: input.memberId,
          subject: input.identity.subject,
          provider: input.identity.provider,
          accessToken: tokens.accessToken,
          idToken: tokens.idToken,
          refreshToken: tokens.refreshToken,
          accessExpiresAt: tokens.accessExpiresAt,
          csrfToken: randomBytes(32).toString("base64url"),
          lastSeenAt: now,
          expiresAt,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error("The new session was not stored.");
      // The member's sessions that ran out and were never seen again go now.
      await db
        .delete(memberSessions)
        .where(
          and(
            eq(memberSessions.memberId, input.memberId),
            or(lte(memberSessions.expiresAt, now), lte(memberSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))),
          ),
        );
      return { token, session: activeSession(row), expiresAt } satisfies OpenedSession;
    },

    /** The browser's session: null when there is none, "expired" when it has just ended. */
    async resume(cookieToken: string | null, now = new Date()): Promise<ResumeResult> {
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
    },

    /** Signs the browser out: the session goes, and its refresh token is revoked where the provider allows. */
    async end(cookieToken: string | null): Promise<void> {
      if (!isWellFormedSessionToken(cookieToken)) return;
      const [ended] = await db
        .delete(memberSessions)
        .where(eq(memberSessions.id, hashOfToken(cookieToken)))
        .returning({ memberId: memberSessions.memberId, refreshToken: memberSessions.refreshToken });
      if (!ended?.refreshToken) return;
      try {
        await identity.revoke(ended.refreshToken);
      } catch (error) {
        // The session is gone either way; an unrevoked refresh token only lives on at the provider.
        log.error({ err: error, memberId: ended.memberId }, "could not revoke a refresh token at sign-out");
      }
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
