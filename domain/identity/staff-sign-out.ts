import { eq } from "drizzle-orm";
import { z } from "zod";
import { staffSessions } from "../../db/schema/staff.ts";
import { AppError } from "../../kernel/app-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { isSameSecret } from "./session-token.ts";

/** The staff session's CSRF token, as the back-office page that offered the sign-out holds it. */
export const StaffSignOutInput = z.object({ csrfToken: z.string().nullable() });

const declared = { access: anyone, input: StaffSignOutInput };

/** Ends the back-office session this request came with; only its own pages may ask. */
export const staffSignOut = defineOperation(declared, async function staffSignOut(ctx, input): Promise<void> {
  const viewer = ctx.viewer.kind === "staff" ? ctx.viewer : null;
  if (!viewer?.session) return;
  if (!isSameSecret(input.csrfToken, viewer.session.csrfToken)) {
    throw new AppError("FORBIDDEN", "This sign-out did not come from the back office's own page.");
  }
  const { id } = viewer.session;
  await ctx.db.transaction(async (tx) => {
    const [ended] = await tx.delete(staffSessions).where(eq(staffSessions.id, id)).returning({ id: staffSessions.id });
    if (!ended) return;
    await recordAudit(tx, {
      actor: viewer,
      action: "staff.sign-out",
      target: viewer.email,
      before: null,
      after: null,
      at: ctx.now(),
    });
  });
});
