import { z } from "zod";
import { requireSystem } from "../shared/access.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { deliverTestPaymentEvent } from "./test-payment-delivery.ts";

export const RedeliverWebhookInput = z.object({ eventId: identifier() });

/**
 * redeliverWebhook: the redeliver-webhook job, queued with each test payment. It delivers the
 * recorded event again, signed afresh, to the same webhook handling as Stripe's, and throws while
 * that fails so the queue retries it with backoff (as Stripe retries for three days). Delivering an
 * event that was delivered before changes nothing.
 */
export const redeliverWebhook = defineOperation(RedeliverWebhookInput, async (ctx, input): Promise<void> => {
  requireSystem(ctx);
  await deliverTestPaymentEvent(ctx, input.eventId);
});
