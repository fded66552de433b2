import { describeDebugSession } from "../../../domain/identity/describe-debug-session.ts";
import { expireDebugSession } from "../../../domain/identity/expire-debug-session.ts";
import { refreshDebugSession } from "../../../domain/identity/refresh-debug-session.ts";
import { requestContext } from "../../context.ts";
import { expectedFailure, formText, readForm } from "../../lib/action-result.server.ts";
import { requireDebugMode } from "../../lib/debug-page.server.ts";
import { CSRF_HEADER } from "../../lib/debug-session.ts";
import type { Route } from "./+types/debug-session";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

function debugOperations(request: Request, context: Route.LoaderArgs["context"]) {
  const ctx = context.get(requestContext);
  // A visitor is answered too: their session is null, which is all the panel needs to offer sign-in.
  requireDebugMode(ctx, request);
  return ctx.operations;
}

/** The browser's session as the debug tools show it: `{ session }`, null when signed out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const operations = debugOperations(request, context);
  return Response.json({ session: await describeDebugSession(operations, {}) }, { headers: PRIVATE });
}

/** Refreshes the session's tokens now, or lets it run out now; the page's CSRF token comes in its header. */
export async function action({ request, context }: Route.ActionArgs) {
  const operations = debugOperations(request, context);
  const form = await readForm(request);
  const intent = form ? formText(form, "intent") : "";
  const csrfToken = request.headers.get(CSRF_HEADER);
  try {
    if (intent === "refresh") {
      return Response.json({ session: await refreshDebugSession(operations, { csrfToken }) }, { headers: PRIVATE });
    }
    if (intent === "expire") {
      await expireDebugSession(operations, { csrfToken });
      return Response.json({ session: null }, { headers: PRIVATE });
    }
    return Response.json({ message: 'intent must be "refresh" or "expire".' }, { status: 400, headers: PRIVATE });
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return Response.json({ message }, { status, headers: PRIVATE });
  }
}
