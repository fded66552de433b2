import { and, eq } from "drizzle-orm";
import { subscriptions } from "../../../db/schema/subscriptions.ts";
import { AppError } from "../../../kernel/app-error.ts";
import type { StaffPermission } from "../../../kernel/staff-permissions.ts";
import { type Access, requireViewerMemberId, staffHolding } from "../../shared/access.ts";
import type { OperationContext, StaffViewer } from "../../shared/context.ts";

/** Whose subscription is being changed, and by whom: its member, or staff acting for them (audited). */
export type HeldSubscription = { subscriptionId: string; memberId: string; staff: StaffViewer | null };

export const NO_SUCH_SUBSCRIPTION = "There is no such subscription.";

/** A declaration of who may change a subscription: its member, and staff holding `permissions` when any are named. */
export type SubscriptionHolderAccess = Access<HeldSubscription, { subscriptionId: string }> & {
  readonly kind: "subscriptionHolder";
  readonly permissions: readonly StaffPermission[];
};

async function held(
  ctx: OperationContext,
  subscriptionId: string,
  memberId: string | null,
  staff: StaffViewer | null,
): Promise<HeldSubscription> {
  const [row] = await ctx.db
    .select({ memberId: subscriptions.memberId })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), memberId === null ? undefined : eq(subscriptions.memberId, memberId)));
  // Another member's subscription reads as none at all: its id tells nothing.
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH_SUBSCRIPTION);
  return { subscriptionId, memberId: row.memberId, staff };
}

/**
 * The signed-in member who holds the subscription the input names (another member's reads as not
 * found) and, when permissions are named, staff holding one of them acting for that member. Anyone
 * else is turned away before the input is read.
 */
export function subscriptionHolder(...permissions: StaffPermission[]): SubscriptionHolderAccess {
  return {
    kind: "subscriptionHolder",
    permissions,
    admit: async (ctx) => {
      if (ctx.viewer.kind === "staff") {
        if (permissions.length === 0) throw new AppError("FORBIDDEN", "Only the member who holds the subscription can do this.");
        const [first, ...rest] = permissions as [StaffPermission, ...StaffPermission[]];
        const staff = await (await staffHolding(first, ...rest).admit(ctx))(undefined);
        return (input) => held(ctx, input.subscriptionId, null, staff);
      }
      const memberId = await requireViewerMemberId(ctx);
      return (input) => held(ctx, input.subscriptionId, memberId, null);
    },
  };
}
