import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { shopEvents, webhookDeliveries, webhookEndpoints } from "../../db/schema/webhooks.ts";
import { subscribedTo } from "../events/subscribed.ts";
import { defineJob } from "../jobs/define-job.ts";
import { backgroundJob } from "../shared/access.ts";
import { uuid } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";

export const FanOutEventInput = z.object({ eventId: uuid() });

const declared = { access: backgroundJob, input: FanOutEventInput };

/**
 * fanOutEvent, the fan-out-event job: one delivery for each endpoint switched on for the event's type,
 * each with its send-webhook job queued in the same transaction. A delivery is made once per event and
 * endpoint (the unique index), so a retried or repeated fan-out, in any process, queues nothing twice.
 */
export const fanOutEvent = defineOperation(declared, async function fanOutEvent(ctx, input): Promise<{ deliveries: number }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [event] = await tx.select({ type: shopEvents.type }).from(shopEvents).where(eq(shopEvents.id, input.eventId));
    if (!event) throw new Error(`There is no shop event ${input.eventId}.`);
    const endpoints = await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(subscribedTo(event.type));
    if (endpoints.length === 0) return { deliveries: 0 };
    const made = await tx
      .insert(webhookDeliveries)
      .values(
        endpoints.map((endpoint) => ({
          id: randomUUID(),
          eventId: input.eventId,
          endpointId: endpoint.id,
          status: "pending" as const,
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: [webhookDeliveries.eventId, webhookDeliveries.endpointId] })
      .returning({ id: webhookDeliveries.id });
    for (const delivery of made) await ctx.jobs.send("send-webhook", { deliveryId: delivery.id }, { tx });
    return { deliveries: made.length };
  });
});

export const fanOutEventJob = defineJob({
  name: "fan-out-event",
  queue: { retryDelaySeconds: 10 },
  payload: FanOutEventInput,
  run: fanOutEvent,
});
