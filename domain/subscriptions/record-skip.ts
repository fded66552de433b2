import { randomUUID } from "node:crypto";
import type { Tx } from "../../db/client.ts";
import { subscriptionRenewals, type subscriptions } from "../../db/schema/subscriptions.ts";
import { nextRenewalAfter } from "./renewal-paid.ts";

/**
 * A subscription's date skipped, whether from the reminder's link or by its member or staff, in the
 * caller's transaction with the subscription row locked: the renewal of that date recorded as skipped
 * (one row per date, so a date that already has a renewal keeps it) and the date the next box is
 * then due, a cadence later, for the caller to set.
 */
export async function recordSkip(
  tx: Tx,
  subscription: Pick<typeof subscriptions.$inferSelect, "id" | "cadenceWeeks">,
  dueOn: string,
  at: Date,
): Promise<string> {
  await tx
    .insert(subscriptionRenewals)
    .values({ id: randomUUID(), subscriptionId: subscription.id, dueOn, outcome: "skipped", createdAt: at, updatedAt: at })
    .onConflictDoNothing();
  return nextRenewalAfter(dueOn, subscription.cadenceWeeks);
}
