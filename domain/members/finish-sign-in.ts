import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { memberIdentities } from "../../db/schema/members.ts";
import type { IdentityClient, ProviderTokens } from "../../integrations/identity/identity-client.ts";
import { carryBagOver } from "../bag/carry-bag-over.ts";
import { isAppError } from "../shared/app-error.ts";
import type { VerifiedIdentity } from "./identity.ts";
import type { MemberUseCases } from "./member-use-cases.ts";
import type { ActiveSession } from "./session.ts";
import type { OpenedSession, Sessions } from "./sessions.ts";
import type { SignInAttempt } from "./sign-in-attempts.ts";

export type FinishDeps = {
  db: Database;
  identity: IdentityClient;
  sessions: Sessions;
  members: Pick<MemberUseCases, "getOrCreate" | "linkIdentity">;
  log: { error: (details: object, message: string) => void };
};

export type LinkOutcome = "linked" | "in-use" | "already-linked" | "unverified";

type Exchanged = ProviderTokens & { identity: VerifiedIdentity };

function exchange(deps: FinishDeps, attempt: SignInAttempt, callbackUrl: URL): Promise<Exchanged> {
  return deps.identity.exchangeCode(callbackUrl, {
    state: attempt.state,
    codeVerifier: attempt.codeVerifier,
    nonce: attempt.nonce,
  });
}

/**
 * The return from the provider after a sign-in: the member is found or created, the browser's old
 * session ends and a new one (with a new id) begins, and the bag follows the member. Throws
 * IdentityProviderError when the code exchange fails.
 */
export async function finishLogin(
  deps: FinishDeps,
  input: { attempt: SignInAttempt; callbackUrl: URL; previousSessionToken: string | null; bagToken: string | null },
): Promise<{ returnPath: string; opened: OpenedSession; bagToken: string | null }> {
  const { identity, ...tokens } = await exchange(deps, input.attempt, input.callbackUrl);
  const { member } = await deps.members.getOrCreate(identity);
  await deps.sessions.end(input.previousSessionToken);
  const opened = await deps.sessions.open({ memberId: member.id, identity, tokens });
  const { bagToken } = await carryBagOver(deps.db, { bagToken: input.bagToken, memberId: member.id });
  return { returnPath: input.attempt.returnPath, opened, bagToken };
}

/**
 * The return from the provider after "link another account": only for the member who started it,
 * still signed in. The second account's tokens are not kept, so its refresh token is revoked.
 * Returns null when the attempt does not belong to this browser's live session.
 */
export async function finishLink(
  deps: FinishDeps,
  input: { attempt: SignInAttempt; callbackUrl: URL; session: ActiveSession | null },
): Promise<LinkOutcome | null> {
  const { attempt, session } = input;
  if (!session || !attempt.memberId || session.memberId !== attempt.memberId) return null;
  const { identity, refreshToken } = await exchange(deps, attempt, input.callbackUrl);
  try {
    await deps.members.linkIdentity(session.memberId, identity);
    return "linked";
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "BAD_USER_INPUT") return "unverified";
    if (error.code === "CONFLICT") return linkConflict(deps.db, session.memberId, identity);
    throw error;
  } finally {
    if (refreshToken) await revokeQuietly(deps, refreshToken);
  }
}

/** Which rule refused a link: the account is another member's, or the member has that provider already. */
async function linkConflict(db: Database, memberId: string, identity: VerifiedIdentity): Promise<LinkOutcome> {
  const [owner] = await db
    .select({ memberId: memberIdentities.memberId })
    .from(memberIdentities)
    .where(eq(memberIdentities.subject, identity.subject));
  if (owner && owner.memberId !== memberId) return "in-use";
  const [sameProvider] = await db
    .select({ subject: memberIdentities.subject })
    .from(memberIdentities)
    .where(and(eq(memberIdentities.memberId, memberId), eq(memberIdentities.provider, identity.provider)));
  return sameProvider ? "already-linked" : "in-use";
}

async function revokeQuietly(deps: FinishDeps, refreshToken: string): Promise<void> {
  try {
    await deps.identity.revoke(refreshToken);
  } catch (error) {
    deps.log.error({ err: error }, "could not revoke the linked account's refresh token");
  }
}
