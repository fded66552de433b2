import { and, eq } from "drizzle-orm";
import { memberIdentities } from "../../db/schema/members.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { StaffPermission } from "../../kernel/staff-permissions.ts";
import type { MemberViewer, OperationContext, StaffViewer } from "./context.ts";

/**
 * The permission checks every operation makes inside itself, so that pages, GraphQL, the debug
 * panel and the back office cannot disagree about who may do what.
 */

const notYours = () => new AppError("FORBIDDEN", "You can only see and change your own membership.");

/** A signed-in member (session or bearer token); UNAUTHENTICATED for anyone else. */
export function requireSignedIn(ctx: OperationContext): MemberViewer {
  if (ctx.viewer.kind !== "member") throw new AppError("UNAUTHENTICATED", "Please sign in first.");
  return ctx.viewer;
}

/** Refuses (FORBIDDEN, whether or not that member exists) unless memberId is the viewer's own member. */
export async function requireOwnMember(ctx: OperationContext, memberId: string): Promise<MemberViewer> {
  const viewer = requireSignedIn(ctx);
  if (viewer.memberId !== null && viewer.memberId === memberId) return viewer;
  if (viewer.subject !== null) {
    const [linked] = await ctx.db
      .select({ subject: memberIdentities.subject })
      .from(memberIdentities)
      .where(and(eq(memberIdentities.subject, viewer.subject), eq(memberIdentities.memberId, memberId)));
    if (linked) return viewer;
  }
  throw notYours();
}

/** The viewer's own member id: the session's, or the one the bearer token's account signs in as. */
export async function requireViewerMemberId(ctx: OperationContext): Promise<string> {
  const viewer = requireSignedIn(ctx);
  if (viewer.memberId !== null) return viewer.memberId;
  if (viewer.subject !== null) {
    const [identity] = await ctx.db
      .select({ memberId: memberIdentities.memberId })
      .from(memberIdentities)
      .where(eq(memberIdentities.subject, viewer.subject));
    if (identity) return identity.memberId;
  }
  throw new AppError("NOT_FOUND", "This account has no membership yet. Call getOrCreateMember first.");
}

/** Debug operations exist only when debug mode is on (DEBUG_TOOLS, never in production). */
export function requireDebug(ctx: OperationContext): void {
  if (!ctx.debug) throw new AppError("FORBIDDEN", "Debug operations are turned off.");
}

/** A debug operation on the viewer's own member: debug mode first, then ownership. */
export async function requireDebugOnOwnMember(ctx: OperationContext, memberId: string): Promise<MemberViewer> {
  requireDebug(ctx);
  return requireOwnMember(ctx, memberId);
}

/** The shop's own background work (a job); no request can act as it. */
export function requireSystem(ctx: OperationContext): void {
  if (ctx.viewer.kind !== "system") throw new AppError("FORBIDDEN", "This runs only as the shop's own background work.");
}

/** The metrics scraper; no request without its token (or the private metrics port) can act as it. */
export function requireMonitor(ctx: OperationContext): void {
  if (ctx.viewer.kind !== "monitor") throw new AppError("FORBIDDEN", "This is for the shop's monitoring only.");
}

/** Staff holding this permission (owners hold every one). Members and guests never pass. */
export function requireStaff(ctx: OperationContext, permission: StaffPermission): StaffViewer {
  const { viewer } = ctx;
  if (viewer.kind !== "staff") throw new AppError("FORBIDDEN", "This is for the shop's staff only.");
  if (!viewer.permissions.has(permission)) {
    throw new AppError("FORBIDDEN", `Your role does not allow this (it needs the "${permission}" permission).`);
  }
  return viewer;
}
