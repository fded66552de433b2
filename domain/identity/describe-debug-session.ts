import { z } from "zod";
import { anyone, debugTool } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { type DebugSessionState, debugSessionState } from "./debug-session.ts";
import { loadSession } from "./session-refresh.ts";

const declared = { access: debugTool(anyone), input: z.object({}) };

/**
 * describeDebugSession (debug mode): who the browser's session signs in as and when it runs out; null
 * when signed out, or when the session has just ended.
 */
export const describeDebugSession = defineOperation(
  declared,
  async function describeDebugSession(ctx): Promise<DebugSessionState | null> {
    const session = ctx.viewer.kind === "member" ? ctx.viewer.session : null;
    const row = session ? await loadSession(ctx.db, session.id) : null;
    return row ? debugSessionState(ctx, row) : null;
  },
);
