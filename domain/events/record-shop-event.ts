import { randomUUID } from "node:crypto";
import type { Tx } from "../../db/client.ts";
import { shopEvents, webhookEndpoints } from "../../db/schema/webhooks.ts";
import type { JobQueue } from "../shared/job-queue.ts";
import type { ShopEventData, ShopEventType } from "./shop-event-types.ts";
import { subscribedTo } from "./subscribed.ts";

export type ShopEventInput<T extends ShopEventType> = {
  type: T;
  /** Names the change: the same key twice records one event (a producer run again, a retried job). */
  key: string;
  data: ShopEventData[T];
  at: Date;
};

/**
 * Records an event in the producer's transaction, and — when an endpoint that is switched on wants its
 * type — queues its fan-out in the same transaction, so both exist exactly when the change commits.
 * Nothing here waits on an endpoint: delivery is the queue's work. Returns the event's id, or null when
 * the key was recorded before.
 */
export async function recordShopEvent<T extends ShopEventType>(
  tx: Tx,
  jobs: JobQueue,
  event: ShopEventInput<T>,
): Promise<string | null> {
  const [inserted] = await tx
    .insert(shopEvents)
    .values({ id: randomUUID(), type: event.type, key: event.key, data: event.data, createdAt: event.at })
    .onConflictDoNothing({ target: shopEvents.key })
    .returning({ id: shopEvents.id });
  if (!inserted) return null;
  // A shop with no endpoint for the type queues nothing: every ledger entry is an event.
  const [wanted] = await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(subscribedTo(event.type)).limit(1);
  if (wanted) await jobs.send("fan-out-event", { eventId: inserted.id }, { tx });
  return inserted.id;
}
