import { randomBytes } from "node:crypto";
import { lt } from "drizzle-orm";
import { z } from "zod";
import { signInAttempts } from "../../db/schema/sessions.ts";
import { AppError } from "../../kernel/app-error.ts";
import { providerTypeInput } from "../members/provider-type.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { safeReturnPath } from "./return-path.ts";
import { hashOfToken, isWellFormedSessionToken } from "./session-token.ts";
import { LINK_RETURN_PATH, SIGN_IN_ATTEMPT_TTL_MS } from "./sign-in-attempts.ts";

export const StartSignInInput = z.object({
  purpose: z.enum(["login", "link"]),
  provider: providerTypeInput(),
  /** Where a sign-in returns (a path on this site, else /member); a link always returns to the account page. */
  returnPath: z.unknown().transform(safeReturnPath),
  /** The `signin` cookie that binds the attempt to this browser. */
  browserToken: z.string().refine(isWellFormedSessionToken, { error: "is not a valid browser token" }),
});

const random = () => randomBytes(32).toString("base64url");

const declared = { access: anyone, input: StartSignInInput };

/**
 * Starts a sign-in, or the link of a second social account to the signed-in member: state, PKCE
 * verifier and nonce are kept server-side with the return path, bound to the browser by the hash of its
 * `signin` cookie. Returns the provider's address to send the browser to.
 */
export const startSignIn = defineOperation(declared, async function startSignIn(ctx, input): Promise<URL> {
  let memberId: string | null = null;
  if (input.purpose === "link") {
    // Linking needs the browser session of the member the account joins.
    const session = ctx.viewer.kind === "member" ? ctx.viewer.session : null;
    if (!session) throw new AppError("UNAUTHENTICATED", "Please sign in first.");
    memberId = session.memberId;
  }
  const now = ctx.now();
  const attempt = {
    state: random(),
    codeVerifier: random(),
    nonce: random(),
    browserHash: hashOfToken(input.browserToken),
    purpose: input.purpose,
    provider: input.provider,
    returnPath: input.purpose === "login" ? input.returnPath : LINK_RETURN_PATH,
    memberId,
    createdAt: now,
  };
  // Abandoned attempts are of no use to anyone once they are too old to finish.
  await ctx.db.delete(signInAttempts).where(lt(signInAttempts.createdAt, new Date(now.getTime() - SIGN_IN_ATTEMPT_TTL_MS)));
  await ctx.db.insert(signInAttempts).values(attempt);
  return ctx.identity.authorizationUrl({
    provider: input.provider,
    callbackPath: input.purpose === "login" ? "/member/login" : "/member/link",
    state: attempt.state,
    codeVerifier: attempt.codeVerifier,
    nonce: attempt.nonce,
  });
});
