import { eq } from "drizzle-orm";
import { members } from "../../db/schema/members.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { ProviderType } from "../../kernel/identity.ts";
import { providerEmailColumn } from "../members/provider-email.ts";
import { type Access, debugTool } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import type { ActiveSession } from "../shared/session.ts";
import { loadSession, type SessionRow } from "./session-refresh.ts";
import { isSameSecret } from "./session-token.ts";

/** What the debug tools show of the browser's session: never its tokens. */
export type DebugSessionState = {
  member: { id: string; email: string; name: string };
  provider: ProviderType;
  /** The email of the account the session signed in with (how the member is looked up by provider). */
  providerEmail: string;
  /** When the access token runs out (ISO 8601); it is refreshed shortly before. */
  accessTokenExpiresAt: string;
  /** When the session ends at the latest (ISO 8601). */
  sessionEndsAt: string;
};

/** The browser's own session, handed to the body: UNAUTHENTICATED without one (a bearer token has none). */
const ownSession: Access<ActiveSession> = {
  kind: "signedIn",
  admit: (ctx) => {
    const session = ctx.viewer.kind === "member" ? ctx.viewer.session : null;
    if (!session) throw new AppError("UNAUTHENTICATED", "Please sign in first: there is no session to act on.");
    return () => session;
  },
};

/** A debug session operation: debug mode first, then the browser's own session. */
export const debugOnOwnSession = debugTool(ownSession);

/** A change to the session comes from this session's own page, which holds its CSRF token. */
export function requireSessionCsrf(session: ActiveSession, csrfToken: string | null): void {
  if (!isSameSecret(csrfToken, session.csrfToken)) throw new AppError("FORBIDDEN", "Missing or wrong CSRF token.");
}

export async function liveSessionRow(ctx: OperationContext, session: ActiveSession): Promise<SessionRow> {
  const row = await loadSession(ctx.db, session.id);
  if (!row) throw new AppError("UNAUTHENTICATED", "This session has ended. Please sign in again.");
  return row;
}

export async function debugSessionState(ctx: OperationContext, row: SessionRow): Promise<DebugSessionState> {
  const [found] = await ctx.db
    .select({ id: members.id, email: members.email, name: members.name, providerEmail: providerEmailColumn(row.provider) })
    .from(members)
    .where(eq(members.id, row.memberId));
  if (!found) throw new AppError("NOT_FOUND", "This member does not exist.");
  const { providerEmail, ...member } = found;
  return {
    member,
    provider: row.provider,
    providerEmail: providerEmail ?? member.email,
    accessTokenExpiresAt: row.accessExpiresAt.toISOString(),
    sessionEndsAt: row.expiresAt.toISOString(),
  };
}
