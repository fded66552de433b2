import { data } from "react-router";
import type { RequestContext } from "../context.ts";
import { expectedFailure } from "./action-result.server.ts";
import { loginPath } from "./member-paths.ts";
import { currentPagePath } from "./member-session.server.ts";
import { notFoundMessage } from "./not-found.ts";
import { requestPath } from "./request-path.ts";

/** Where a signed-out visitor of a debug page signs in, coming back to the same page; null when signed in. */
export function debugSignInPath(context: RequestContext, request: Request): string | null {
  return context.operations.viewer.kind === "member" ? null : loginPath(currentPagePath(request));
}

/** A debug form's answer: what was done, or why not. */
export type DebugAnswer = { ok: boolean; message: string; invalidFields?: string[] };

/** An operation's expected failure as an answer and its status; anything else is rethrown. */
export function debugFailure(error: unknown): { answer: DebugAnswer; status: number } {
  const { status, ...failure } = expectedFailure(error);
  return { answer: { ok: false, ...failure }, status };
}

/**
 * Outside debug mode a debug page's own loader or action answers 404 before doing anything: the
 * layout's 404 alone would still let this route's loader run beside it and send its data.
 */
export function requireDebugPage(context: RequestContext, request: Request): void {
  if (!context.operations.debug) throw data(notFoundMessage(requestPath(request)), { status: 404 });
}
