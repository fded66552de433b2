import { and, eq } from "drizzle-orm";
import { memberIdentities } from "../../db/schema/members.ts";
import { AppError, isAppError } from "../../kernel/app-error.ts";
import type { VerifiedIdentity } from "../../kernel/identity.ts";
import { linkIdentity } from "../members/link-identity.ts";
import { signedIn } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { defineOperation } from "../shared/operation.ts";
import { exchangeCode, requireSignInAttempt, SignInCallbackInput } from "./sign-in-attempts.ts";

export type LinkOutcome = "linked" | "in-use" | "already-linked" | "unverified";

/** Which rule refused a link: the account is another member's, or the member has that provider already. */
async function linkConflict(ctx: OperationContext, memberId: string, identity: VerifiedIdentity): Promise<LinkOutcome> {
  const [owner] = await ctx.db
    .select({ memberId: memberIdentities.memberId })
    .from(memberIdentities)
    .where(eq(memberIdentities.subject, identity.subject));
  if (owner && owner.memberId !== memberId) return "in-use";
  const [sameProvider] = await ctx.db
    .select({ subject: memberIdentities.subject })
    .from(memberIdentities)
    .where(and(eq(memberIdentities.memberId, memberId), eq(memberIdentities.provider, identity.provider)));
  return sameProvider ? "already-linked" : "in-use";
}

async function revokeQuietly(ctx: OperationContext, refreshToken: string): Promise<void> {
  try {
    await ctx.identity.revoke(refreshToken);
  } catch (error) {
    ctx.log.error({ err: error }, "could not revoke the linked account's refresh token");
  }
}

const declared = { access: signedIn, input: SignInCallbackInput };

/**
 * The return from the provider after "link another account": only for the member who started it,
 * still signed in in the same browser session (UNAUTHENTICATED or FORBIDDEN otherwise). The second
 * account's tokens are not kept, so its refresh token is revoked.
 */
export const finishLink = defineOperation(declared, async function finishLink(ctx, input, { session }): Promise<LinkOutcome> {
  const attempt = await requireSignInAttempt(ctx, input, "link");
  if (!session || !attempt.memberId || session.memberId !== attempt.memberId) {
    throw new AppError("FORBIDDEN", "This link was started by another sign-in.");
  }
  const { identity, refreshToken } = await exchangeCode(ctx, attempt, input.callbackUrl);
  try {
    await linkIdentity(ctx, session.memberId, identity);
    return "linked";
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "BAD_USER_INPUT") return "unverified";
    if (error.code === "CONFLICT") return linkConflict(ctx, session.memberId, identity);
    throw error;
  } finally {
    if (refreshToken) await revokeQuietly(ctx, refreshToken);
  }
});
