import { and, eq } from "drizzle-orm";
import { memberIdentities } from "../../db/schema/members.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { StaffPermission } from "../../kernel/staff-permissions.ts";
import type { MemberViewer, OperationContext, StaffViewer, SystemViewer } from "./context.ts";

/**
 * Who may call an operation, declared beside it as `defineOperation`'s first argument and
 * checked by defineOperation before `run`, so that pages, GraphQL, the debug panel, the back office and
 * jobs cannot disagree about who may do what. `admit` reads the viewer before the input is parsed and
 * refuses anyone the operation is never for; the check it returns runs on the parsed input (whose
 * member, which order) and yields what the body is handed: the member id, the staff viewer, the order.
 */
export type Access<Grant = unknown, Needs = unknown> = AccessKind & {
  readonly admit: (ctx: OperationContext) => AccessCheck<Grant, Needs> | Promise<AccessCheck<Grant, Needs>>;
};

export type AccessCheck<Grant, Needs> = (input: Needs) => Grant | Promise<Grant>;

/** What a declaration says, as the docs and the test that every operation declares one read it. */
export type AccessKind =
  | {
      readonly kind:
        | "public"
        | "bagHolder"
        | "orderHolder"
        | "subscriptionHolder"
        | "signedIn"
        | "system"
        | "webhook"
        | "monitor";
    }
  /** `field`: the input's field naming the member; null when it is implied (the viewer's own). */
  | { readonly kind: "ownMember"; readonly field: string | null }
  | { readonly kind: "staff"; readonly permissions: readonly StaffPermission[] }
  | { readonly kind: "debug"; readonly within: Access<unknown, never> };

const grant =
  <Grant>(value: Grant): AccessCheck<Grant, unknown> =>
  () =>
    value;

/** Open to everyone: the catalogue, sign-in, and what a secret in the input proves (a checkout session id). */
export const anyone: Access<void> = { kind: "public", admit: () => grant(undefined) };

function requireSignedIn(ctx: OperationContext): MemberViewer {
  if (ctx.viewer.kind !== "member") throw new AppError("UNAUTHENTICATED", "Please sign in first.");
  return ctx.viewer;
}

/** A signed-in member (session or bearer token), whose member may not exist yet; UNAUTHENTICATED for anyone else. */
export const signedIn: Access<MemberViewer> = { kind: "signedIn", admit: (ctx) => grant(requireSignedIn(ctx)) };

const notYours = () => new AppError("FORBIDDEN", "You can only see and change your own membership.");

/** Refuses (FORBIDDEN, whether or not that member exists) unless memberId is the viewer's own member. */
export async function requireOwnMember(ctx: OperationContext, memberId: string): Promise<void> {
  const viewer = requireSignedIn(ctx);
  if (viewer.memberId !== null && viewer.memberId === memberId) return;
  if (viewer.subject !== null) {
    const [linked] = await ctx.db
      .select({ subject: memberIdentities.subject })
      .from(memberIdentities)
      .where(and(eq(memberIdentities.subject, viewer.subject), eq(memberIdentities.memberId, memberId)));
    if (linked) return;
  }
  throw notYours();
}

/**
 * The viewer's own member, named by this field of the input: UNAUTHENTICATED for anyone not signed in
 * (before the input is read), FORBIDDEN for another member's id. Hands the body the member id.
 */
export function ownMemberIn<Field extends string>(field: Field): Access<string, Record<Field, string>> {
  return {
    kind: "ownMember",
    field,
    admit: (ctx) => {
      requireSignedIn(ctx);
      return async (input) => {
        await requireOwnMember(ctx, input[field]);
        return input[field];
      };
    },
  };
}

/** The viewer's own member, named by the input's `memberId`. */
export const ownMember = ownMemberIn("memberId");

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

/** The viewer's own member, implied rather than named: hands the body its id (NOT_FOUND before getOrCreateMember). */
export const viewerMember: Access<string> = {
  kind: "ownMember",
  field: null,
  admit: async (ctx) => grant(await requireViewerMemberId(ctx)),
};

/** Debug operations exist only when debug mode is on (DEBUG_TOOLS, never in production). */
export function requireDebug(ctx: OperationContext): void {
  if (!ctx.debug) throw new AppError("FORBIDDEN", "Debug operations are turned off.");
}

/** A debug tool: refused while debug mode is off, whoever asks; then `within` decides (usually the viewer's own member). */
export function debugTool<Grant, Needs>(within: Access<Grant, Needs>): Access<Grant, Needs> {
  return {
    kind: "debug",
    within,
    admit: (ctx) => {
      requireDebug(ctx);
      return within.admit(ctx);
    },
  };
}

/** Staff holding one of these permissions (owners hold every one). Members and guests never pass. */
function requireStaff(ctx: OperationContext, permissions: readonly StaffPermission[]): StaffViewer {
  const { viewer } = ctx;
  if (viewer.kind !== "staff") throw new AppError("FORBIDDEN", "This is for the shop's staff only.");
  if (!permissions.some((permission) => viewer.permissions.has(permission))) {
    const needed = permissions.map((permission) => `"${permission}"`).join(" or ");
    throw new AppError("FORBIDDEN", `Your role does not allow this (it needs the ${needed} permission).`);
  }
  return viewer;
}

/** Staff holding one of these permissions (kernel/staff-permissions.ts); hands the body the staff viewer. */
export function staffHolding(...permissions: [StaffPermission, ...StaffPermission[]]): Access<StaffViewer> {
  return { kind: "staff", permissions, admit: (ctx) => grant(requireStaff(ctx, permissions)) };
}

/** The shop's own background work (a job); no request can act as it. */
export const backgroundJob: Access<SystemViewer> = {
  kind: "system",
  admit: (ctx) => {
    if (ctx.viewer.kind !== "system") throw new AppError("FORBIDDEN", "This runs only as the shop's own background work.");
    return grant(ctx.viewer);
  },
};

/** The metrics scraper; no request without its token (or the private metrics port) can act as it. */
export const metricsScraper: Access<void> = {
  kind: "monitor",
  admit: (ctx) => {
    if (ctx.viewer.kind !== "monitor") throw new AppError("FORBIDDEN", "This is for the shop's monitoring only.");
    return grant(undefined);
  },
};
