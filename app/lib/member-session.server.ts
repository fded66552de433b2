import { redirect } from "react-router";
import { loadMemberById, type MemberSummary } from "../../domain/members/load-member.ts";
import type { RequestContext } from "../context.ts";
import { loginPath } from "./member-paths.ts";
import { requestPath } from "./request-path.ts";

/** The page a request is for, with its query, as a browser would return to it (client data requests included). */
export function currentPagePath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${requestPath(request)}${search ? `?${search}` : ""}`;
}

/**
 * The signed-in member (without the nested lists: pages load the ones they show), or a redirect to
 * sign-in that comes back to this page. The browser session's member is the viewer's own.
 */
export async function requireMember(context: RequestContext, request: Request): Promise<MemberSummary> {
  const ctx = context.operations;
  const memberId = ctx.viewer.kind === "member" ? ctx.viewer.memberId : null;
  const member = memberId ? await loadMemberById(ctx, memberId) : null;
  if (!member) throw redirect(loginPath(currentPagePath(request)));
  return member;
}

/** What a sign-out form sends back: the session's CSRF token (null when signed out). */
export function signOutToken(context: RequestContext): string | null {
  const { viewer } = context.operations;
  return viewer.kind === "member" ? (viewer.session?.csrfToken ?? null) : null;
}

/** Member pages are one person's data: no cache may keep them. */
export function privatePageHeaders() {
  return { "Cache-Control": "private, no-store" };
}
