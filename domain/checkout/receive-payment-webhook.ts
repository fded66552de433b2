import { z } from "zod";
import type { PaymentEvent } from "../../integrations/payments/payment-provider.ts";
import type { Access } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import type { FulfilResult } from "./fulfil-checkout.ts";
import { handlePaymentEvent } from "./handle-payment-event.ts";

export const ReceivePaymentWebhookInput = z.object({
  /** The body exactly as received: the signature is over these bytes. */
  rawBody: z.string(),
  signature: z.string().nullable(),
});

/**
 * The payment provider, proven by its signature over the body (no viewer could be). The check is made
 * here rather than at the HTTP route: on the bytes exactly as received, before anything reads them, and
 * for every way an event arrives (Stripe's route, the test card page's delivery, the redelivery job).
 */
const signedByPaymentProvider: Access<PaymentEvent, z.output<typeof ReceivePaymentWebhookInput>> = {
  kind: "webhook",
  admit: (ctx) => (input) => ctx.payments.verifyWebhook(input.rawBody, input.signature),
};

/**
 * receivePaymentWebhook: a payment provider's webhook. Its signature is the only permission: it is
 * checked on the raw body (WebhookSignatureError when it does not hold) before the event is acted on.
 * Acting on an event is idempotent, so a provider's retries can only complete what was missing.
 */
export const receivePaymentWebhook = defineOperation(
  { access: signedByPaymentProvider, input: ReceivePaymentWebhookInput },
  async function receivePaymentWebhook(ctx, _input, event): Promise<FulfilResult | null> {
    return handlePaymentEvent(ctx, event);
  },
);
