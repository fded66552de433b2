export type PaymentLine = { name: string; unitAmountCents: number; quantity: number };

export type CreatePaymentSession = {
  lines: PaymentLine[];
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** How long the session may be paid before it lapses (Stripe takes 30 minutes to 24 hours). */
  lifetimeMinutes: number;
  /** One per checkout attempt: a retried request never creates a second session. */
  idempotencyKey: string;
};

export type CreatedPaymentSession = {
  id: string;
  /** Where the shopper pays. */
  url: string;
  /** When the provider lets the session lapse unpaid. */
  expiresAt: Date;
};

export type PaymentSessionState = {
  id: string;
  paid: boolean;
  status: "open" | "complete" | "expired";
  customerId: string | null;
  /** The paying card's fingerprint (Stripe's payment_method card.fingerprint); null where the provider gives none. */
  cardFingerprint: string | null;
};

export type PaymentEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired";

/** A refund the provider tells of (Stripe's refund.created / refund.updated). */
export type RefundNotice = {
  providerRefundId: string;
  paymentIntentId: string;
  amountCents: number;
  succeeded: boolean;
  /** The shop's own refund id when the shop asked for it (kept in the refund's metadata); null for one made in the dashboard. */
  shopRefundId: string | null;
};

export type PaymentEvent = {
  id: string;
  type: PaymentEventType | (string & {});
  sessionId: string | null;
  refund: RefundNotice | null;
};

export type RefundRequest = {
  /** The checkout session that took the payment. */
  sessionId: string;
  amountCents: number;
  /** The shop's refund id: the idempotency key, so a retried request never refunds twice. */
  refundId: string;
};

/** Stripe Checkout in production, the embedded test provider by default: the rest of the shop sees only this. */
export interface PaymentProvider {
  readonly name: "stripe" | "test";
  createSession(input: CreatePaymentSession): Promise<CreatedPaymentSession>;
  retrieveSession(sessionId: string): Promise<PaymentSessionState | null>;
  /**
   * Ends a session so it can no longer be paid (Stripe's checkout.sessions.expire) and answers its
   * state after: a session paid or ended before is left as it is and answered as such.
   */
  expireSession(sessionId: string): Promise<PaymentSessionState | null>;
  /** Gives back part or all of a session's payment; the same refundId answers the same refund. */
  refund(request: RefundRequest): Promise<{ providerRefundId: string }>;
  /** The checkout session that made a payment (for refunds made in the provider's dashboard). */
  sessionOfPayment(paymentIntentId: string): Promise<string | null>;
  /** Verifies the signature over the raw body; throws when it does not hold. */
  verifyWebhook(rawBody: string, signature: string | null): Promise<PaymentEvent>;
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}
