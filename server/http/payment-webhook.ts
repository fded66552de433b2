import type { Handler } from "hono";
import type { Shop } from "../../domain/shop.ts";
import { WebhookSignatureError } from "../../integrations/payments/payment-provider.ts";
import type { HttpEnv } from "./request-context.ts";

/**
 * POST /api/stripe/webhook: the signature is checked on the raw body, then the event goes to the
 * same fulfilment as the test provider's. A failure answers 500 so the provider retries; fulfilment
 * is idempotent, so a retry can only complete what was missing.
 */
export function paymentWebhook(shop: Shop): Handler<HttpEnv> {
  return async (c) => {
    const rawBody = await c.req.text();
    try {
      await shop.checkout.receiveWebhook(rawBody, c.req.header("stripe-signature") ?? null);
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
