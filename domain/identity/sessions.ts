import { randomBytes } from "node:crypto";
import { and, eq, lte, or } from "drizzle-orm";
import { memberSessions } from "../../db/schema/sessions.ts";
import type { ProviderTokens } from "../../integrations/identity/identity-client.ts";
import type { VerifiedIdentity } from "../../kernel/identity.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import type { OperationContext } from "../shared/context.ts";
import type { ActiveSession } from "../shared/session.ts";
import { type SessionDeps, type SessionRow, sessionEnd } from "./session-refresh.ts";
import { hashOfToken, newSessionToken } from "./session-token.ts";

/**
 * Server-held sign-ins: the browser's cookie holds a random token, the database its SHA-256 and the
 * provider's tokens. Idle timeout 14 days, absolute lifetime 30 days and never beyond the refresh
 * token (session-resume.ts keeps the access token fresh).
 */

export const SESSION_IDLE_MS = 14 * DAY_MS;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

export type OpenedSession = { token: string; session: ActiveSession; expiresAt: Date };

export function activeSession(row: SessionRow): ActiveSession {
  const { id, memberId, subject, provider, csrfToken, expiresAt } = row;
  return { id, memberId, subject, provider, csrfToken, expiresAt };
}

/** Always a new session (and id): the caller ends the one the browser had. */
export async function openSession(
  deps: Pick<OperationContext, "db">,
  input: { memberId: string; identity: VerifiedIdentity; tokens: ProviderTokens },
  now: Date,
): Promise<OpenedSession> {
  const { db } = deps;
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
  return { token, session: activeSession(row), expiresAt };
}

/** Ends a session: it goes from the database, and its refresh token is revoked where the provider allows. */
export async function endSession(deps: SessionDeps, sessionId: string): Promise<void> {
  const [ended] = await deps.db
    .delete(memberSessions)
    .where(eq(memberSessions.id, sessionId))
    .returning({ memberId: memberSessions.memberId, refreshToken: memberSessions.refreshToken });
  if (!ended?.refreshToken) return;
  try {
    await deps.identity.revoke(ended.refreshToken);
  } catch (error) {
    // The session is gone either way; an unrevoked refresh token only lives on at the provider.
    deps.log.error({ err: error, memberId: ended.memberId }, "could not revoke a refresh token at sign-out");
  }
}
