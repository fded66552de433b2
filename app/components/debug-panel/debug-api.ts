import type { DebugSessionState } from "../../../domain/identity/debug-session.ts";
import { requestHash } from "../../../domain/shared/request-hash.ts";
import { csrfTokenOfPage } from "../../lib/csrf-cookie.ts";
import { CSRF_HEADER, DEBUG_SESSION_PATH, type DebugSessionIntent } from "../../lib/debug-session.ts";
import { sessionEndedPath } from "../../lib/member-paths.ts";

/** SPEC.md §9: every debug action waits this long before it calls the shop. */
export const DEBUG_WAIT_MS = 300;

export const debugWait = () => new Promise<void>((resolve) => setTimeout(resolve, DEBUG_WAIT_MS));

const GRAPHQL_PATH = "/graphql";

/** A call the shop refused or could not answer; the message is the shop's own when it gave one. */
export class DebugCallError extends Error {}

type GraphQLBody<T> = { data?: T | null; errors?: { message: string }[] };

/**
 * POST /graphql as the signed-in browser: the session cookie, its CSRF token and the variables' hash.
 * A call refused as unauthorised (the session has ended) sends the browser to sign in again.
 */
export async function callGraphQL<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(GRAPHQL_PATH, {
    method: "POST",
    credentials: "same-origin",
    headers: {
      "content-type": "application/json",
      [CSRF_HEADER]: csrfTokenOfPage(),
      "X-Request-Hash": requestHash(variables),
    },
    body: JSON.stringify({ query, variables }),
  });
  if (response.status === 401) {
    window.location.assign(sessionEndedPath(`${window.location.pathname}${window.location.search}`));
    throw new DebugCallError("Your session has ended. Taking you to sign in again…");
  }
  const body = (await response.json().catch(() => null)) as GraphQLBody<T> | null;
  const refusal = body?.errors?.[0]?.message;
  if (refusal) throw new DebugCallError(refusal);
  if (!response.ok || !body?.data) throw new DebugCallError(`The shop answered ${response.status}.`);
  return body.data;
}

type SessionBody = { session?: DebugSessionState | null; message?: string };

async function sessionReply(response: Response): Promise<DebugSessionState | null> {
  const body = (await response.json().catch(() => null)) as SessionBody | null;
  if (!response.ok || body === null) throw new DebugCallError(body?.message ?? `The shop answered ${response.status}.`);
  return body.session ?? null;
}

export async function readDebugSession(): Promise<DebugSessionState | null> {
  return sessionReply(await fetch(DEBUG_SESSION_PATH, { credentials: "same-origin", cache: "no-store" }));
}

export async function actOnDebugSession(intent: DebugSessionIntent): Promise<DebugSessionState | null> {
  const response = await fetch(DEBUG_SESSION_PATH, {
    method: "POST",
    credentials: "same-origin",
    headers: { [CSRF_HEADER]: csrfTokenOfPage() },
    body: new URLSearchParams({ intent }),
  });
  return sessionReply(response);
}
