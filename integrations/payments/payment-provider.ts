import type { AcceptedMethods, PaidWith } from "../../kernel/payment-methods.ts";

export type PaymentLine = { name: string; unitAmountCents: number; quantity: number };

/** Asks the provider to keep the card for charges the shop makes later without the card holder present. */
export type SaveCardConsent = {
  /** The words shown beside the pay button: how much, how often, how to cancel. */
  text: string;
};

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
  /**
   * "setup" charges nothing and only saves a card (lines and totals are ignored; customerId is
   * required). "payment" when not given.
   */
  mode?: "payment" | "setup";
  /** An existing provider customer, for setup sessions and re-payments. */
  customerId?: string;
  /** Keep the paying card for later off-session charges, with these words of consent. */
  saveCard?: SaveCardConsent;
  /**
   * The methods offered beside cards, as the merchant chose them; cards only when not given. A setup
   * session, or one that keeps the card, takes cards only whatever this says.
   */
  methods?: AcceptedMethods;
};

export type CreatedPaymentSession = {
  id: string;
  /** Where the shopper pays. */
  url: string;
  /** When the provider lets the session lapse unpaid. */
  expiresAt: Date;
};

/** A card the provider keeps for this customer, as a session that saved it reports. */
export type SavedCard = { customerId: string; paymentMethodId: string; brand: string; last4: string };

export type PaymentSessionState = {
  id: string;
  paid: boolean;
  status: "open" | "complete" | "expired";
  customerId: string | null;
  /** The paying card's fingerprint (Stripe's payment_method card.fingerprint); null where the provider gives none. */
  cardFingerprint: string | null;
  /** The card the session saved (one with saveCard, or a setup session), once complete. */
  savedCard: SavedCard | null;
  /** The payment the session took; null until paid, and for setup sessions. */
  paymentIntentId: string | null;
  /** How the shopper paid or is paying; null until they chose, and for setup sessions. */
  paidWith: PaidWith | null;
  /**
   * The shopper finished at the provider with an asynchronous method (PayNow) whose payment has not
   * arrived yet: checkout.session.async_payment_succeeded or _failed is to come.
   */
  awaitingPayment: boolean;
};

/** A charge the shop makes to a saved card without the card holder present (a renewal). */
export type ChargeSavedCard = {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  /** One per renewal attempt: the same key never charges twice (Stripe's Idempotency-Key). */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type SavedCardCharge =
  | { outcome: "paid"; paymentIntentId: string }
  | { outcome: "declined"; paymentIntentId: string | null; reason: string }
  /** The bank wants the card holder (3-D Secure): nothing was taken. */
  | { outcome: "needs_authentication"; paymentIntentId: string };

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

/** A refund of the payment a checkout session took, or of a payment by its id (a saved card's charge). */
export type RefundRequest = {
  amountCents: number;
  /** The shop's refund id: the idempotency key, so a retried request never refunds twice. */
  refundId: string;
} & ({ sessionId: string; paymentIntentId?: never } | { paymentIntentId: string; sessionId?: never });

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
  /**
   * Charges a saved card off-session. The same idempotencyKey answers the same result and never
   * charges twice; a card error is an answer (declined, needs_authentication), not a throw.
   */
  chargeSavedCard(input: ChargeSavedCard): Promise<SavedCardCharge>;
  /** Gives back part or all of a payment; the same refundId answers the same refund. */
  refund(request: RefundRequest): Promise<{ providerRefundId: string }>;
  /** The checkout session that made a payment (for refunds made in the provider's dashboard). */
  sessionOfPayment(paymentIntentId: string): Promise<string | null>;
  /** Verifies the signature over the raw body; throws when it does not hold. */
  verifyWebhook(rawBody: string, signature: string | null): Promise<PaymentEvent>;
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}
