import { eq } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema/webhooks.ts";
import { AppError } from "../../kernel/app-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { WebhookDeliveryRefInput } from "./webhook-endpoint-input.ts";

const declared = { access: staffHolding("webhooks"), input: WebhookDeliveryRefInput };

/**
 * redeliverWebhookDelivery: sends an event to an endpoint once more, with the same event id (the
 * receiver can tell it has seen it), as a new attempt on the job queue, signed afresh. One redelivery
 * waits in the queue at a time per delivery; asking again meanwhile adds none. Refused (CONFLICT)
 * while the endpoint is switched off.
 */
export const redeliverWebhookDelivery = defineOperation(declared, async function redeliverWebhookDelivery(ctx, input, actor) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, input.deliveryId));
    if (!row) throw new AppError("NOT_FOUND", "There is no such webhook delivery.");
    if (!row.endpoint.active) throw new AppError("CONFLICT", "This endpoint is switched off: switch it on to redeliver to it.");
    await ctx.jobs.send(
      "send-webhook",
      { deliveryId: row.delivery.id, redelivery: true },
      { tx, singletonKey: `redeliver:${row.delivery.id}`, retryLimit: 0 },
    );
    await recordAudit(tx, {
      actor,
      action: "webhook.redeliver",
      target: row.delivery.id,
      before: null,
      after: { eventId: row.delivery.eventId, endpoint: row.endpoint.url },
      at: now,
    });
    return { deliveryId: row.delivery.id, eventId: row.delivery.eventId, url: row.endpoint.url };
  });
});
