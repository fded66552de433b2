import { eq } from "drizzle-orm";
import { z } from "zod";
import { memberSessions } from "../../db/schema/sessions.ts";
import { defineOperation } from "../shared/operation.ts";
import { debugOnOwnSession, requireSessionCsrf } from "./debug-session.ts";

export const ExpireDebugSessionInput = z.object({ csrfToken: z.string().nullable() });

const declared = { access: debugOnOwnSession, input: ExpireDebugSessionInput };

/**
 * expireDebugSession (debug mode, the browser's own session): the session runs out now, so the next
 * request finds it ended, as one that ran out by itself (member pages ask to sign in again and come back).
 */
export const expireDebugSession = defineOperation(
  declared,
  async function expireDebugSession(ctx, { csrfToken }, session): Promise<void> {
    requireSessionCsrf(session, csrfToken);
    await ctx.db.update(memberSessions).set({ expiresAt: ctx.now() }).where(eq(memberSessions.id, session.id));
  },
);
