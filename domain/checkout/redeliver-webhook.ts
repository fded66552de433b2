import { z } from "zod";
import { defineJob } from "../jobs/define-job.ts";
import { backgroundJob } from "../shared/access.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { isPaymentEventRecorded } from "./payment-event-log.ts";
import { deliverTestPaymentEvent } from "./test-payment-delivery.ts";

export const RedeliverWebhookInput = z.object({ eventId: identifier() });

const declared = { access: backgroundJob, input: RedeliverWebhookInput };

/**
 * redeliverWebhook: the redeliver-webhook job, queued with each test payment. It delivers the
 * recorded event again, signed afresh, to the same webhook handling as Stripe's, and throws while
 * that fails so the queue retries it with backoff (as Stripe retries for three days). An event the
 * shop has taken is not delivered again; delivering one twice would change nothing anyway.
 */
export const redeliverWebhook = defineOperation(declared, async function redeliverWebhook(ctx, input): Promise<void> {
  // Like Stripe, the provider stops once the shop has taken the event (the payment page's delivery nearly always does).
  if (await isPaymentEventRecorded(ctx.db, input.eventId)) return;
  await deliverTestPaymentEvent(ctx, input.eventId);
});

export const redeliverWebhookJob = defineJob({
  name: "redeliver-webhook",
  payload: RedeliverWebhookInput,
  run: redeliverWebhook,
});
