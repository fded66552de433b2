import { AppError } from "../../kernel/app-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { staffViewerOf } from "../staff/staff-access.ts";
import { exchangeCode, requireSignInAttempt, SignInCallbackInput } from "./sign-in-attempts.ts";
import { type OpenedStaffSession, openStaffSession } from "./staff-sessions.ts";

const declared = { access: anyone, input: SignInCallbackInput };

/**
 * The provider's return to the back office: only a verified email that is an owner or on the staff
 * list gets a staff session (FORBIDDEN for anyone else, who gets nothing). No member is created or
 * touched. The provider's tokens are not kept: the back office never calls the provider for the staff
 * member, so the refresh token is revoked at once.
 */
export const finishStaffSignIn = defineOperation(
  declared,
  async function finishStaffSignIn(ctx, input): Promise<OpenedStaffSession> {
    const attempt = await requireSignInAttempt(ctx, input, "staff");
    const { identity, refreshToken } = await exchangeCode(ctx, attempt, input.callbackUrl);
    if (refreshToken) {
      await ctx.identity.revoke(refreshToken).catch((error: unknown) => {
        ctx.log.error({ err: error }, "could not revoke a staff sign-in's refresh token");
      });
    }
    const viewer = identity.emailVerified ? await staffViewerOf(ctx, identity.email) : null;
    if (!viewer) throw new AppError("FORBIDDEN", "This account is not allowed into the shop's back office.");
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const opened = await openStaffSession(tx, viewer.email, now);
      const after = { role: viewer.role, permissions: [...viewer.permissions] };
      await recordAudit(tx, { actor: viewer, action: "staff.sign-in", target: viewer.email, before: null, after, at: now });
      return opened;
    });
  },
);
