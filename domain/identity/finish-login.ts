import { carryBagOver } from "../bag/carry-bag-over.ts";
import { memberOfIdentity } from "../members/joining/member-of-identity.ts";
import { anyone } from "../shared/access.ts";
import { bagTokenOf } from "../shared/context.ts";
import { defineOperation } from "../shared/operation.ts";
import { endSession, type OpenedSession, openSession } from "./sessions.ts";
import { exchangeCode, requireSignInAttempt, SignInCallbackInput } from "./sign-in-attempts.ts";

/**
 * The return from the provider after a sign-in: the member is found or created, the browser's old
 * session ends and a new one (with a new id) begins, and the bag follows the member. Throws
 * IdentityProviderError when the code exchange fails; the new bag token is null when the browser's
 * bag cookie stays as it is.
 */
export const finishLogin = defineOperation(
  { access: anyone, input: SignInCallbackInput },
  async function finishLogin(ctx, input): Promise<{ returnPath: string; opened: OpenedSession; bagToken: string | null }> {
    const attempt = await requireSignInAttempt(ctx, input, "login");
    const { identity, ...tokens } = await exchangeCode(ctx, attempt, input.callbackUrl);
    const { member } = await memberOfIdentity(ctx, identity);
    const previous = ctx.viewer.kind === "member" ? ctx.viewer.session : null;
    if (previous) await endSession(ctx, previous.id);
    const opened = await openSession(ctx, { memberId: member.id, identity, tokens }, ctx.now());
    const { bagToken } = await carryBagOver(ctx.db, { bagToken: bagTokenOf(ctx.viewer), memberId: member.id }, ctx.now());
    return { returnPath: attempt.returnPath, opened, bagToken };
  },
);
