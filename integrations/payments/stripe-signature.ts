import Stripe from "stripe";
import { type PaymentEvent, type RefundNotice, WebhookSignatureError } from "./payment-provider.ts";

// Only the SDK's offline webhook helpers are used here; no request ever goes out with this key.
const webhookTools = new Stripe("sk_test_webhook_tools_only").webhooks;

/** Stripe's signature scheme (t=…,v1=HMAC-SHA256 of "t.body"), for Stripe itself and for the test provider. */
export async function verifyStripeSignature(rawBody: string, signature: string | null, secret: string): Promise<PaymentEvent> {
  if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header.");
  try {
    const event = await webhookTools.constructEventAsync(rawBody, signature, secret);
    const object = event.data.object as { id?: unknown; object?: unknown };
    const sessionId = object.object === "checkout.session" && typeof object.id === "string" ? object.id : null;
    return { id: event.id, type: event.type, sessionId, refund: refundNotice(event.data.object) };
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid webhook signature.");
  }
}

export async function signStripePayload(payload: string, secret: string): Promise<string> {
  return webhookTools.generateTestHeaderStringAsync({ payload, secret });
}

function refundNotice(object: unknown): RefundNotice | null {
  const refund = object as Partial<Stripe.Refund>;
  if (refund.object !== "refund" || typeof refund.id !== "string" || typeof refund.amount !== "number") return null;
  const paymentIntent = typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
  if (!paymentIntent) return null;
  return {
    providerRefundId: refund.id,
    paymentIntentId: paymentIntent,
    amountCents: refund.amount,
    succeeded: refund.status === "succeeded",
    shopRefundId: typeof refund.metadata?.refundId === "string" ? refund.metadata.refundId : null,
  };
}
