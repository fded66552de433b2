import { and, eq } from "drizzle-orm";
import { memberIdentities } from "../../db/schema/members.ts";
import { AppError } from "../shared/app-error.ts";
import type { MemberDeps } from "./member-deps.ts";
import type { MemberView } from "./member-view.ts";

/**
 * Who is asking: a browser session (its member and the account it signed in with) or a bearer access
 * token (its account's subject; the member follows from the identities).
 */
export type MemberViewer = { subject: string | null; memberId: string | null };

const notYours = () => new AppError("FORBIDDEN", "You can only see and change your own membership.");

/** True when the member is the viewer's: the session's member, or one of the member's identities is the viewer's account. */
export function isOwnMember(viewer: MemberViewer, member: Pick<MemberView, "id" | "identities">): boolean {
  if (viewer.memberId !== null && viewer.memberId === member.id) return true;
  return viewer.subject !== null && member.identities.some((identity) => identity.subject === viewer.subject);
}

export function requireOwnMemberView<M extends Pick<MemberView, "id" | "identities">>(viewer: MemberViewer, member: M): M {
  if (!isOwnMember(viewer, member)) throw notYours();
  return member;
}

/** Refuses (FORBIDDEN, whether or not that member exists) unless memberId is the viewer's own member. */
export async function requireOwnMemberId(deps: Pick<MemberDeps, "db">, viewer: MemberViewer, memberId: string): Promise<void> {
  if (viewer.memberId !== null && viewer.memberId === memberId) return;
  if (viewer.subject !== null) {
    const [linked] = await deps.db
      .select({ subject: memberIdentities.subject })
      .from(memberIdentities)
      .where(and(eq(memberIdentities.subject, viewer.subject), eq(memberIdentities.memberId, memberId)));
    if (linked) return;
  }
  throw notYours();
}

/** Debug operations exist only when debug mode is on (DEBUG_TOOLS, never in production). */
export function requireDebugTools(enabled: boolean): void {
  if (!enabled) throw new AppError("FORBIDDEN", "Debug operations are turned off.");
}
