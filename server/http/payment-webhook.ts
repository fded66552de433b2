import type { Handler } from "hono";
import { receivePaymentWebhook } from "../../domain/checkout/receive-payment-webhook.ts";
import { contextFor, guest, type ShopServices } from "../../domain/shared/context.ts";
import { WebhookSignatureError } from "../../integrations/payments/payment-provider.ts";
import type { HttpEnv } from "./request-context.ts";

/**
 * POST /api/stripe/webhook: the signature is checked on the raw body, then the event goes to the
 * same fulfilment as the test provider's. A failure answers 500 so the provider retries; fulfilment
 * is idempotent, so a retry can only complete what was missing. The provider is nobody's browser:
 * it acts as a guest without a bag.
 */
export function paymentWebhook(services: ShopServices): Handler<HttpEnv> {
  return async (c) => {
    const rawBody = await c.req.text();
    try {
      await receivePaymentWebhook(contextFor(services, guest(), c.var.log), {
        rawBody,
        signature: c.req.header("stripe-signature") ?? null,
      });
      return c.json({ received: true });
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        c.var.log.warn({ reason: error.message }, "payment webhook refused");
        return c.json({ error: "Invalid signature." }, 400);
      }
      throw error;
    }
  };
}
