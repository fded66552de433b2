import { asc, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { shopEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../db/schema/webhooks.ts";
import { staffHolding } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { withSubjects } from "./delivery-subjects.ts";
import { secretHint } from "./webhook-endpoint-view.ts";

/** How many deliveries the back office lists, latest first. */
export const DELIVERIES_SHOWN = 50;

export type WebhookAttemptView = {
  at: Date;
  statusCode: number | null;
  response: string;
  durationMs: number;
  redelivery: boolean;
};

const declared = { access: staffHolding("webhooks"), input: z.object({}) };

/**
 * listWebhooks: every endpoint (its secret only as a hint), and the latest deliveries with what their
 * event is about and each attempt's answer, latest first.
 */
export const listWebhooks = defineOperation(declared, async function listWebhooks(ctx, _input, staff) {
  const endpoints = await ctx.db
    .select()
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  const deliveries = await ctx.db
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
      eventId: shopEvents.id,
      eventType: shopEvents.type,
      eventData: shopEvents.data,
      eventAt: shopEvents.createdAt,
      endpointId: webhookEndpoints.id,
      url: webhookEndpoints.url,
    })
    .from(webhookDeliveries)
    .innerJoin(shopEvents, eq(shopEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_SHOWN);
  const attempts =
    deliveries.length === 0
      ? []
      : await ctx.db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((delivery) => delivery.id),
            ),
          )
          .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.id));
  return {
    endpoints: endpoints.map(({ secret, ...endpoint }) => ({ ...endpoint, secretHint: secretHint(secret) })),
    deliveries: (await withSubjects(ctx.db, staff, deliveries)).map((delivery) => ({
      ...delivery,
      attemptList: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map(
          (attempt): WebhookAttemptView => ({
            at: attempt.at,
            statusCode: attempt.statusCode,
            response: attempt.response,
            durationMs: attempt.durationMs,
            redelivery: attempt.redelivery,
          }),
        ),
    })),
  };
});
