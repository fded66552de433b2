import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { signInAttempts } from "../../db/schema/sessions.ts";
import type { ProviderTokens } from "../../integrations/identity/identity-client.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { VerifiedIdentity } from "../../kernel/identity.ts";
import type { OperationContext } from "../shared/context.ts";
import { text } from "../shared/input.ts";
import { hashOfToken, isWellFormedSessionToken } from "./session-token.ts";

/** How long a browser has to come back from the provider. */
export const SIGN_IN_ATTEMPT_TTL_MS = 10 * 60_000;
/** Where a link attempt returns; the result is added as `?link=`. */
export const LINK_RETURN_PATH = "/member/account";

export type SignInAttempt = typeof signInAttempts.$inferSelect;

/** The provider's return: the state it was sent, and the `signin` cookie of the browser that comes back. */
export const SignInReturnInput = z.object({ state: text(500), browserToken: z.string().nullable() });

/** A return with a code to exchange, on the callback address it came to. */
export const SignInCallbackInput = SignInReturnInput.extend({ callbackUrl: z.instanceof(URL) });

/**
 * Takes the attempt a callback names, once: only the browser that started it, within 10 minutes.
 * Another browser cannot use up someone else's attempt, since the row is only taken when all match.
 */
export async function takeSignInAttempt(
  ctx: Pick<OperationContext, "db" | "now">,
  input: z.output<typeof SignInReturnInput>,
): Promise<SignInAttempt | null> {
  if (!input.state || !isWellFormedSessionToken(input.browserToken)) return null;
  const [attempt] = await ctx.db
    .delete(signInAttempts)
    .where(
      and(
        eq(signInAttempts.state, input.state),
        eq(signInAttempts.browserHash, hashOfToken(input.browserToken)),
        gt(signInAttempts.createdAt, new Date(ctx.now().getTime() - SIGN_IN_ATTEMPT_TTL_MS)),
      ),
    )
    .returning();
  return attempt ?? null;
}

/**
 * The attempt a sign-in or link callback finishes: NOT_FOUND when there is none to take (used, too
 * old, or another browser's), FORBIDDEN when it was started for the other purpose.
 */
export async function requireSignInAttempt(
  ctx: Pick<OperationContext, "db" | "now">,
  input: z.output<typeof SignInReturnInput>,
  purpose: SignInAttempt["purpose"],
): Promise<SignInAttempt> {
  const attempt = await takeSignInAttempt(ctx, input);
  if (!attempt) throw new AppError("NOT_FOUND", "This sign-in has expired. Please start again.");
  if (attempt.purpose !== purpose) throw new AppError("FORBIDDEN", "This sign-in was started for something else.");
  return attempt;
}

/** The code exchange (state, PKCE and nonce checked): throws IdentityProviderError when it fails. */
export function exchangeCode(
  ctx: Pick<OperationContext, "identity">,
  attempt: SignInAttempt,
  callbackUrl: URL,
): Promise<ProviderTokens & { identity: VerifiedIdentity }> {
  return ctx.identity.exchangeCode(callbackUrl, {
    state: attempt.state,
    codeVerifier: attempt.codeVerifier,
    nonce: attempt.nonce,
  });
}
