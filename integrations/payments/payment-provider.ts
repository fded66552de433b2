export type PaymentLine = { name: string; unitAmountCents: number; quantity: number };

export type CreatePaymentSession = {
  lines: PaymentLine[];
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** One per checkout attempt: a retried request never creates a second session. */
  idempotencyKey: string;
};

export type PaymentSessionState = {
  id: string;
  paid: boolean;
  status: "open" | "complete" | "expired";
  customerId: string | null;
};

export type PaymentEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired";

export type PaymentEvent = { id: string; type: PaymentEventType | (string & {}); sessionId: string | null };

/** Stripe Checkout in production, the embedded test provider by default: the rest of the shop sees only this. */
export interface PaymentProvider {
  readonly name: "stripe" | "test";
  createSession(input: CreatePaymentSession): Promise<{ id: string; url: string }>;
  retrieveSession(sessionId: string): Promise<PaymentSessionState | null>;
  /** Verifies the signature over the raw body; throws when it does not hold. */
  verifyWebhook(rawBody: string, signature: string | null): Promise<PaymentEvent>;
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}
