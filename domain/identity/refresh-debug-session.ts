import { z } from "zod";
import { AppError } from "../../kernel/app-error.ts";
import { defineOperation } from "../shared/operation.ts";
import {
  type DebugSessionState,
  debugOnOwnSession,
  debugSessionState,
  liveSessionRow,
  requireSessionCsrf,
} from "./debug-session.ts";
import { createSessionRefresher } from "./session-refresh.ts";

export const RefreshDebugSessionInput = z.object({ csrfToken: z.string().nullable() });

/**
 * refreshDebugSession (debug mode, the browser's own session): refreshes the provider's tokens now,
 * through the refresher every request uses. A refused refresh ends the session, as it would then.
 */
export const refreshDebugSession = defineOperation(
  { access: debugOnOwnSession, input: RefreshDebugSessionInput },
  async function refreshDebugSession(ctx, { csrfToken }, session): Promise<DebugSessionState> {
    requireSessionCsrf(session, csrfToken);
    const refreshed = await createSessionRefresher(ctx)(await liveSessionRow(ctx, session));
    if (!refreshed) throw new AppError("UNAUTHENTICATED", "The provider refused to refresh the tokens: the session has ended.");
    return debugSessionState(ctx, refreshed);
  },
);
