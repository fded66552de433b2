/** The debug tools' view of the browser's session: GET describes it, POST `intent=refresh|expire` acts on it. */
export const DEBUG_SESSION_PATH = "/debug/session";

/** Where the page's scripts send the session's CSRF token (from its readable cookie). */
export const CSRF_HEADER = "X-CSRF-Token";

export type DebugSessionIntent = "refresh" | "expire";
