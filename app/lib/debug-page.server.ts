import { data, redirect } from "react-router";
import type { RequestContext } from "../context.ts";
import { expectedFailure } from "./action-result.server.ts";
import { loginPath } from "./member-paths.ts";
import { currentPagePath } from "./member-session.server.ts";
import { notFoundMessage } from "./not-found.ts";
import { requestPath } from "./request-path.ts";

/** A debug form's answer: what was done, or why not. */
export type DebugAnswer = { ok: boolean; message: string; invalidFields?: string[] };

/** An operation's expected failure as an answer and its status; anything else is rethrown. */
export function debugFailure(error: unknown): { answer: DebugAnswer; status: number } {
  const { status, ...failure } = expectedFailure(error);
  return { answer: { ok: false, ...failure }, status };
}

/** Outside debug mode the debug tools' routes answer 404, like any missing page, before doing anything. */
export function requireDebugMode(context: RequestContext, request: Request): void {
  if (!context.operations.debug) throw data(notFoundMessage(requestPath(request)), { status: 404 });
}

/**
 * A debug page's own loader or action checks before doing anything: the layout's answer alone would
 * still let this route's loader run beside it and send its data. Outside debug mode it answers 404;
 * a visitor who is not a signed-in member is sent to sign in, coming back here, and sees nothing
 * (the pages list promotion codes and act on a membership: they are the team's, signed in).
 */
export function requireDebugPage(context: RequestContext, request: Request): void {
  requireDebugMode(context, request);
  if (context.operations.viewer.kind !== "member") throw redirect(loginPath(currentPagePath(request)));
}
