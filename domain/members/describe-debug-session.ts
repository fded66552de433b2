import { z } from "zod";
import { requireDebug } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { type DebugSessionState, debugSessionState, liveSessionRow } from "./debug-session.ts";

/** describeDebugSession (debug mode): who the browser's session signs in as and when it runs out; null when signed out. */
export const describeDebugSession = defineOperation(z.object({}), async (ctx): Promise<DebugSessionState | null> => {
  requireDebug(ctx);
  const session = ctx.viewer.kind === "member" ? ctx.viewer.session : null;
  if (!session) return null;
  return debugSessionState(ctx, await liveSessionRow(ctx, session));
});
