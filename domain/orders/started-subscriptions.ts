import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { subscriptions } from "../../db/schema/subscriptions.ts";

/** A subscription as its first order's pages and email tell of it: which option, how often, and when it next renews. */
export type StartedSubscription = { optionId: string; cadenceWeeks: number; nextRenewalOn: string };

/** The subscriptions an order started (none for an order that subscribed to nothing). */
export function subscriptionsStartedBy(db: Database, orderId: string): Promise<StartedSubscription[]> {
  return db
    .select({
      optionId: subscriptions.optionId,
      cadenceWeeks: subscriptions.cadenceWeeks,
      nextRenewalOn: subscriptions.nextRenewalOn,
    })
    .from(subscriptions)
    .where(eq(subscriptions.firstOrderId, orderId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.optionId));
}
