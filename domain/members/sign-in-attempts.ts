import { randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { signInAttempts } from "../../db/schema/members.ts";
import type { IdentityClient } from "../../integrations/identity/identity-client.ts";
import type { ProviderType } from "./identity.ts";
import { safeReturnPath } from "./return-path.ts";
import { hashOfToken } from "./session-token.ts";

/** How long a browser has to come back from the provider. */
export const SIGN_IN_ATTEMPT_TTL_MS = 10 * 60_000;
/** Where a link attempt returns; the result is added as `?link=`. */
export const LINK_RETURN_PATH = "/member/account";

export type SignInAttempt = typeof signInAttempts.$inferSelect;

type StartInput =
  | { purpose: "login"; provider: ProviderType; returnPath: unknown; browserToken: string }
  | { purpose: "link"; provider: ProviderType; memberId: string; browserToken: string };

const random = () => randomBytes(32).toString("base64url");

/**
 * Starts a sign-in (or the link of a second social account): state, PKCE verifier and nonce are
 * kept server-side with the return path, bound to the browser by the hash of its `signin` cookie.
 * Returns the provider's address to send the browser to.
 */
export async function startSignIn(
  deps: { db: Database; identity: IdentityClient },
  input: StartInput,
  now = new Date(),
): Promise<URL> {
  const attempt = {
    state: random(),
    codeVerifier: random(),
    nonce: random(),
    browserHash: hashOfToken(input.browserToken),
    purpose: input.purpose,
    provider: input.provider,
    returnPath: input.purpose === "login" ? safeReturnPath(input.returnPath) : LINK_RETURN_PATH,
    memberId: input.purpose === "link" ? input.memberId : null,
    createdAt: now,
  };
  // Abandoned attempts are of no use to anyone once they are too old to finish.
  await deps.db.delete(signInAttempts).where(lt(signInAttempts.createdAt, new Date(now.getTime() - SIGN_IN_ATTEMPT_TTL_MS)));
  await deps.db.insert(signInAttempts).values(attempt);
  return deps.identity.authorizationUrl({
    provider: input.provider,
    callbackPath: input.purpose === "login" ? "/member/login" : "/member/link",
    state: attempt.state,
    codeVerifier: attempt.codeVerifier,
    nonce: attempt.nonce,
  });
}

/**
 * Takes the attempt a callback names, once: only the browser that started it, within 10 minutes.
 * Another browser cannot use up someone else's attempt, since the row is only taken when all match.
 */
export async function consumeSignInAttempt(
  db: Database,
  input: { state: string | null; browserToken: string | null },
  now = new Date(),
): Promise<SignInAttempt | null> {
  if (!input.state || !input.browserToken) return null;
  const [attempt] = await db
    .delete(signInAttempts)
    .where(
      and(
        eq(signInAttempts.state, input.state),
        eq(signInAttempts.browserHash, hashOfToken(input.browserToken)),
        gt(signInAttempts.createdAt, new Date(now.getTime() - SIGN_IN_ATTEMPT_TTL_MS)),
      ),
    )
    .returning();
  return attempt ?? null;
}
