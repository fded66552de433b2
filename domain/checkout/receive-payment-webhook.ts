import { z } from "zod";
import { defineOperation } from "../shared/operation.ts";
import type { FulfilResult } from "./fulfil-checkout.ts";
import { handlePaymentEvent } from "./handle-payment-event.ts";

export const ReceivePaymentWebhookInput = z.object({
  /** The body exactly as received: the signature is over these bytes. */
  rawBody: z.string(),
  signature: z.string().nullable(),
});

/**
 * receivePaymentWebhook: a payment provider's webhook. Its signature is the only permission: it is
 * checked on the raw body (WebhookSignatureError when it does not hold) before the event is acted on.
 * Acting on an event is idempotent, so a provider's retries can only complete what was missing.
 */
export const receivePaymentWebhook = defineOperation(
  ReceivePaymentWebhookInput,
  async (ctx, input): Promise<FulfilResult | null> => {
    const event = await ctx.payments.verifyWebhook(input.rawBody, input.signature);
    return handlePaymentEvent(ctx, event);
  },
);
