import { randomBytes } from "node:crypto";
import { lt } from "drizzle-orm";
import { z } from "zod";
import { signInAttempts } from "../../db/schema/sessions.ts";
import { socialProviderTypeInput } from "../members/provider-type.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { hashOfToken, isWellFormedSessionToken } from "./session-token.ts";
import { SIGN_IN_ATTEMPT_TTL_MS } from "./sign-in-attempts.ts";

/** Where a staff sign-in lands: the back office's home page. */
export const STAFF_HOME_PATH = "/admin";
/** The back office's own sign-in page, which is also the provider's callback. */
export const STAFF_LOGIN_PATH = "/admin/login";

export const StartStaffSignInInput = z.object({
  provider: socialProviderTypeInput(),
  /** The `signin` cookie that binds the attempt to this browser. */
  browserToken: z.string().refine(isWellFormedSessionToken, { error: "is not a valid browser token" }),
});

const random = () => randomBytes(32).toString("base64url");

const declared = { access: anyone, input: StartStaffSignInInput };

/**
 * Starts a back-office sign-in at the same identity provider as members, with its own callback: state,
 * PKCE verifier and nonce are kept server-side, bound to the browser. Returns the provider's address.
 */
export const startStaffSignIn = defineOperation(declared, async function startStaffSignIn(ctx, input): Promise<URL> {
  const now = ctx.now();
  const attempt = {
    state: random(),
    codeVerifier: random(),
    nonce: random(),
    browserHash: hashOfToken(input.browserToken),
    purpose: "staff" as const,
    provider: input.provider,
    returnPath: STAFF_HOME_PATH,
    memberId: null,
    createdAt: now,
  };
  await ctx.db.delete(signInAttempts).where(lt(signInAttempts.createdAt, new Date(now.getTime() - SIGN_IN_ATTEMPT_TTL_MS)));
  await ctx.db.insert(signInAttempts).values(attempt);
  return ctx.identity.authorizationUrl({
    provider: input.provider,
    callbackPath: STAFF_LOGIN_PATH,
    state: attempt.state,
    codeVerifier: attempt.codeVerifier,
    nonce: attempt.nonce,
  });
});
