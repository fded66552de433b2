import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { shopEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../db/schema/webhooks.ts";
import { defineJob } from "../jobs/define-job.ts";
import { backgroundJob } from "../shared/access.ts";
import { uuid } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { webhookBody, webhookHeaders } from "./webhook-signature.ts";

export const SendWebhookInput = z.object({
  deliveryId: uuid(),
  /** Asked for by staff: one attempt, whatever came before, not retried by the queue. */
  redelivery: z.boolean().default(false),
});

const declared = { access: backgroundJob, input: SendWebhookInput };

export type SendWebhookResult = { sent: false; reason: string } | { sent: true; statusCode: number | null };

const answeredOk = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;

/**
 * sendWebhook, the send-webhook job: one signed POST of the event to the endpoint, its outcome
 * recorded as an attempt. Anything but a 2xx answer throws, so the queue retries with backoff; a
 * redelivery is one attempt, its outcome left for staff to see. An endpoint switched off since, or a
 * delivery that already got through, is not sent again by the queue.
 */
export const sendWebhook = defineOperation(declared, async function sendWebhook(ctx, input): Promise<SendWebhookResult> {
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, event: shopEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(shopEvents, eq(shopEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, input.deliveryId));
  if (!row) throw new Error(`There is no webhook delivery ${input.deliveryId}.`);
  const { delivery, event, endpoint } = row;
  if (!endpoint.active) return { sent: false, reason: "the endpoint is switched off" };
  if (delivery.status === "succeeded" && !input.redelivery) return { sent: false, reason: "already delivered" };

  const at = ctx.now();
  const body = webhookBody(event);
  const headers = webhookHeaders({ eventId: event.id, secret: endpoint.secret, body, at });
  const answer = await ctx.webhooks.post({ url: endpoint.url, headers, body });
  const ok = answeredOk(answer.statusCode);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: randomUUID(),
      deliveryId: delivery.id,
      statusCode: answer.statusCode,
      response: answer.response,
      durationMs: answer.durationMs,
      redelivery: input.redelivery,
      at,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: at,
        // Once an attempt got through the delivery has succeeded, whatever a later redelivery meets.
        status: ok ? "succeeded" : sql`case when ${webhookDeliveries.status} = 'succeeded' then 'succeeded' else 'failing' end`,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
  });
  if (!ok && !input.redelivery) {
    const why = answer.statusCode === null ? answer.response : `answered ${answer.statusCode}`;
    throw new Error(`The webhook endpoint ${endpoint.url} did not take event ${event.id}: ${why}`);
  }
  return { sent: true, statusCode: answer.statusCode };
});

/** From about 30 s, doubling (with jitter) to hourly: an endpoint is tried for about a day (decision 042). */
export const sendWebhookJob = defineJob({
  name: "send-webhook",
  queue: { retryLimit: 28 },
  payload: SendWebhookInput,
  run: sendWebhook,
});
