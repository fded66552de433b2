import { and, eq, isNotNull } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { subscriptionRenewals, subscriptions } from "../../../db/schema/subscriptions.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import type { AuditAction } from "../../audit/audit-actions.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { recordShopEvent } from "../../events/record-shop-event.ts";
import { queueSubscriptionChangedEmail } from "../../member-emails/kinds/subscription-changed.ts";
import type { OperationContext } from "../../shared/context.ts";
import { itemOf } from "../subscription-item.ts";
import { type HeldSubscription, NO_SUCH_SUBSCRIPTION } from "./subscription-holder.ts";

export type Subscription = typeof subscriptions.$inferSelect;

type SubscriptionEvent = "subscription.paused" | "subscription.resumed" | "subscription.cancelled";

/** What one change does: the columns it sets, the sentence that tells the member, and what else it records. */
export type SubscriptionChange = {
  set: Partial<
    Pick<
      Subscription,
      | "optionId"
      | "discountPercent"
      | "quantity"
      | "cadenceWeeks"
      | "status"
      | "nextRenewalOn"
      | "pausedUntil"
      | "shipping"
      | "addressId"
      | "cancelledAt"
      | "cancelReason"
    >
  >;
  /** "Your next box is skipped." */
  told: string;
  /** Recorded in the audit log when staff make the change. */
  audit?: AuditAction;
  event?: SubscriptionEvent;
  /** Made by the shop's schedule (a pause that ran out) rather than by the member or staff. */
  scheduled?: true;
};

/** What the member's email says comes next after a change. */
function nextStep(after: Subscription): string | null {
  if (after.status === "active") return `Your next box is due on ${formatCalendarDate(after.nextRenewalOn)}.`;
  if (after.status === "paused") {
    return after.pausedUntil
      ? `Nothing is sent or charged until ${formatCalendarDate(after.pausedUntil)}.`
      : "Nothing is sent or charged until you resume it.";
  }
  return null;
}

/**
 * Makes one change to a subscription in one transaction, with its row locked FOR UPDATE as the
 * renewal claim locks it, so a change and a renewal never interleave: a change made first is what
 * the renewal prices and ships, and while a renewal's charge is under way (claimed, not yet settled)
 * the change is refused until it settles. A cancelled subscription takes no change. The change is
 * told to the member by email, audited when staff make it, and its event recorded.
 */
export async function changeSubscription(
  ctx: OperationContext,
  held: HeldSubscription,
  decide: (current: Subscription, tx: Tx) => SubscriptionChange | Promise<SubscriptionChange>,
): Promise<Subscription> {
  const now = ctx.now();
  const index = await ctx.catalog.index();
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.id, held.subscriptionId)).for("update");
    if (!current) throw new AppError("NOT_FOUND", NO_SUCH_SUBSCRIPTION);
    if (current.status === "cancelled") {
      throw new AppError(
        "CONFLICT",
        "This subscription is cancelled, so it cannot be changed. You can subscribe again from any product page.",
      );
    }
    const [charging] = await tx
      .select({ dueOn: subscriptionRenewals.dueOn })
      .from(subscriptionRenewals)
      .where(
        and(
          eq(subscriptionRenewals.subscriptionId, current.id),
          eq(subscriptionRenewals.outcome, "charging"),
          isNotNull(subscriptionRenewals.checkoutSessionId),
        ),
      );
    if (charging) {
      throw new AppError(
        "CONFLICT",
        `Your box of ${formatCalendarDate(charging.dueOn)} is being paid for right now. Try again in a few minutes.`,
      );
    }
    const change = await decide(current, tx);
    const [after] = await tx
      .update(subscriptions)
      .set({ ...change.set, updatedAt: now })
      .where(eq(subscriptions.id, current.id))
      .returning();
    if (!after) throw new AppError("NOT_FOUND", NO_SUCH_SUBSCRIPTION);
    const changedFields = Object.keys(change.set) as (keyof SubscriptionChange["set"])[];
    if (held.staff && change.audit) {
      const pick = (row: Subscription) => Object.fromEntries(changedFields.map((field) => [field, row[field]]));
      await recordAudit(tx, {
        actor: held.staff,
        action: change.audit,
        target: current.id,
        before: pick(current),
        after: pick(after),
        at: now,
      });
    }
    await queueSubscriptionChangedEmail(tx, ctx.jobs, {
      memberId: after.memberId,
      subscriptionId: after.id,
      changeKey: `${now.toISOString()}:${changedFields.join(",")}`,
      item: itemOf(index, after),
      change: change.told,
      next: nextStep(after),
    });
    if (change.event) {
      await recordShopEvent(tx, ctx.jobs, {
        type: change.event,
        key: `${change.event}:${after.id}:${now.toISOString()}`,
        data: {
          subscriptionId: after.id,
          memberId: after.memberId,
          optionId: after.optionId,
          quantity: after.quantity,
          cadenceWeeks: after.cadenceWeeks,
          status: after.status,
          nextRenewalOn: after.status === "cancelled" ? null : after.nextRenewalOn,
          pausedUntil: after.pausedUntil,
          cancelReason: after.cancelReason,
          changedBy: change.scheduled ? "schedule" : held.staff ? "staff" : "member",
          at: now.toISOString(),
        },
        at: now,
      });
    }
    return after;
  });
}
