import { z } from "zod";
import { AppError } from "../../kernel/app-error.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { isSameSecret } from "./session-token.ts";
import { endSession } from "./sessions.ts";

/** The session's CSRF token, as the page that offered the sign-out holds it. */
export const SignOutInput = z.object({ csrfToken: z.string().nullable() });

const declared = { access: anyone, input: SignOutInput };

/**
 * Signs the browser out: its session goes and the refresh token is revoked. Only a page of this
 * session may ask (its CSRF token), so another site cannot sign a member out. Without a live session
 * there is nothing to end.
 */
export const signOut = defineOperation(declared, async function signOut(ctx, input): Promise<void> {
  const session = ctx.viewer.kind === "member" ? ctx.viewer.session : null;
  if (!session) return;
  if (!isSameSecret(input.csrfToken, session.csrfToken)) {
    throw new AppError("FORBIDDEN", "This sign-out did not come from your own page. Please sign out from your account page.");
  }
  await endSession(ctx, session.id);
});
