import { and, desc, eq, lt } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { subscriptionRenewals, subscriptions } from "../../../db/schema/subscriptions.ts";
import { addDaysToDate, singaporeDate } from "../../../kernel/singapore-time.ts";
import { loadSubscriptionOffer } from "../../catalog/subscription-offer.ts";
import { queueRenewalNotChargedEmail } from "../../member-emails/kinds/renewal-not-charged.ts";
import type { OperationContext } from "../../shared/context.ts";
import { nextRenewalAfter } from "../renewal-paid.ts";

type Subscription = typeof subscriptions.$inferSelect;
type Renewal = typeof subscriptionRenewals.$inferSelect;

/** Why a renewal's box could not be sold: short of stock, or its option no longer sold for subscriptions. */
export type NotSold = "sold_out" | "not_offered";

/**
 * A renewal whose option cannot be sold, in the claim's transaction: not charged, and tried again
 * tomorrow (delay) or left for the next date (skip) as the merchant's sold-out rule says. The member
 * is told once per subscription and date, with what happens next; a delay that runs on from
 * yesterday's was told already, so a box out for a week is one email, not seven.
 */
export async function passOver(
  ctx: OperationContext,
  tx: Tx,
  input: { subscription: Subscription; renewal: Renewal; item: string; why: NotSold },
): Promise<"delayed" | "skipped"> {
  const { subscription, renewal } = input;
  const now = ctx.now();
  const { soldOutRule } = await loadSubscriptionOffer(tx);
  const outcome = soldOutRule === "delay" ? "delayed" : "skipped";
  const nextRenewalOn =
    outcome === "delayed" ? addDaysToDate(singaporeDate(now), 1) : nextRenewalAfter(renewal.dueOn, subscription.cadenceWeeks);
  const [before] = await tx
    .select({ outcome: subscriptionRenewals.outcome })
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, subscription.id), lt(subscriptionRenewals.dueOn, renewal.dueOn)))
    .orderBy(desc(subscriptionRenewals.dueOn))
    .limit(1);
  await tx
    .update(subscriptionRenewals)
    .set({ outcome, claimedUntil: null, updatedAt: now })
    .where(eq(subscriptionRenewals.id, renewal.id));
  await tx.update(subscriptions).set({ nextRenewalOn, updatedAt: now }).where(eq(subscriptions.id, subscription.id));
  if (!(outcome === "delayed" && before?.outcome === "delayed")) {
    await queueRenewalNotChargedEmail(tx, ctx.jobs, {
      memberId: subscription.memberId,
      subscriptionId: subscription.id,
      data: { item: input.item, dueOn: renewal.dueOn, why: input.why, outcome, nextRenewalOn },
    });
  }
  return outcome;
}
