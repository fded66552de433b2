import Stripe from "stripe";
import { type AcceptedMethods, CARD_WALLETS, type CardWallet, type PaidWith } from "../../kernel/payment-methods.ts";
import type {
  CreatePaymentSession,
  PaymentProvider,
  PaymentSessionState,
  SavedCard,
  SavedCardCharge,
} from "./payment-provider.ts";
import { verifyStripeSignature } from "./stripe-signature.ts";

/**
 * Stripe refuses an `expires_at` less than 30 minutes after it creates the session, by its own clock
 * once the request arrives: a minute more keeps a slow request or a clock a little behind within it.
 */
const EXPIRY_MARGIN_SECONDS = 60;

export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl?: string };

/** Stripe Checkout: a session built from server-side prices only, one idempotency key per attempt. */
export function createStripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });

  async function discountsOf(input: CreatePaymentSession): Promise<Stripe.Checkout.SessionCreateParams.Discount[] | undefined> {
    if (input.discountCents <= 0) return undefined;
    const coupon = await stripe.coupons.create(
      { amount_off: input.discountCents, currency: "sgd", duration: "once", max_redemptions: 1 },
      { idempotencyKey: `${input.idempotencyKey}-coupon` },
    );
    return [{ coupon: coupon.id }];
  }

  return {
    name: "stripe",
    async createSession(input) {
      const common = {
        currency: "sgd",
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.ceil(Date.now() / 1000) + input.lifetimeMinutes * 60 + EXPIRY_MARGIN_SECONDS,
        custom_text: input.saveCard ? { submit: { message: input.saveCard.text } } : undefined,
      } satisfies Stripe.Checkout.SessionCreateParams;
      const session = await stripe.checkout.sessions.create(
        input.mode === "setup"
          ? { ...common, mode: "setup", customer: requiredCustomer(input.customerId) }
          : {
              ...common,
              mode: "payment",
              // Stripe takes either an existing customer or the email to make one with.
              ...(input.customerId
                ? { customer: input.customerId }
                : { customer_email: input.customerEmail, customer_creation: input.saveCard ? "always" : undefined }),
              payment_intent_data: input.saveCard ? { setup_future_usage: "off_session" } : undefined,
              allowed_payment_method_types: paymentMethodTypes(input.saveCard ? undefined : input.methods),
              line_items: input.lines.map((line) => ({
                quantity: line.quantity,
                price_data: { currency: "sgd", unit_amount: line.unitAmountCents, product_data: { name: line.name } },
              })),
              discounts: await discountsOf(input),
              shipping_options: [
                {
                  shipping_rate_data: {
                    type: "fixed_amount",
                    display_name: input.shippingCents === 0 ? "Free delivery" : "Standard delivery",
                    fixed_amount: { amount: input.shippingCents, currency: "sgd" },
                  },
                },
              ],
            },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },
    retrieveSession: async (sessionId) => stateOf(await stripe.checkout.sessions.retrieve(sessionId, { expand: EXPANDED })),
    async expireSession(sessionId) {
      try {
        return stateOf(await stripe.checkout.sessions.expire(sessionId, { expand: EXPANDED }));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid, or expired already).
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        return stateOf(await stripe.checkout.sessions.retrieve(sessionId, { expand: EXPANDED }));
      }
    },
    async chargeSavedCard(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            amount: input.amountCents,
            currency: "sgd",
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return chargeOf(intent);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        const intent = error.payment_intent;
        if (error.code === "authentication_required" && intent)
          return { outcome: "needs_authentication", paymentIntentId: intent.id };
        return { outcome: "declined", paymentIntentId: intent?.id ?? null, reason: error.message };
      }
    },
    async refund({ sessionId, paymentIntentId, amountCents, refundId }) {
      const paymentIntent = paymentIntentId ?? paymentIntentOf(await stripe.checkout.sessions.retrieve(sessionId));
      if (!paymentIntent) throw new Error(`Stripe checkout session ${sessionId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents, metadata: { refundId } },
        { idempotencyKey: `refund-${refundId}` },
      );
      return { providerRefundId: refund.id };
    },
    async sessionOfPayment(paymentIntentId) {
      const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
      return sessions.data[0]?.id ?? null;
    },
    verifyWebhook: (rawBody, signature) => verifyStripeSignature(rawBody, signature, settings.webhookSecret),
  };
}

/**
 * The payment method types Checkout may offer, for the merchant's choice (Stripe's
 * allowed_payment_method_types, which took the place of payment_method_types). Apple Pay and Google
 * Pay are not types of their own: they are wallets of "card", shown by Checkout where the Dashboard's
 * payment method settings have them on (and, for Apple Pay, the shop's domain is registered); decision 065.
 */
function paymentMethodTypes(
  methods: AcceptedMethods | undefined,
): Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[] {
  return ["card", ...(methods?.paynow ? (["paynow"] as const) : []), ...(methods?.grabpay ? (["grabpay"] as const) : [])];
}

/** A session read with its payment's (or setup's) card, for the fingerprint and the card it saved. */
const EXPANDED = ["payment_intent.payment_method", "setup_intent.payment_method"];

function requiredCustomer(customerId: string | undefined): string {
  if (!customerId) throw new Error("A setup session saves a card for a customer: name one");
  return customerId;
}

function chargeOf(intent: Stripe.PaymentIntent): SavedCardCharge {
  if (intent.status === "succeeded") return { outcome: "paid", paymentIntentId: intent.id };
  if (intent.status === "requires_action") return { outcome: "needs_authentication", paymentIntentId: intent.id };
  const reason = intent.last_payment_error?.message ?? `The payment is ${intent.status.replaceAll("_", " ")}.`;
  return { outcome: "declined", paymentIntentId: intent.id, reason };
}

function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  return typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
}

function stateOf(session: Stripe.Checkout.Session): PaymentSessionState {
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
  const status: PaymentSessionState["status"] =
    session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open";
  const method = paymentMethodOf(session);
  return {
    id: session.id,
    paid,
    status,
    customerId: customer,
    cardFingerprint: method?.card?.fingerprint ?? null,
    savedCard: savedCardOf(session, customer, method),
    paymentIntentId: paymentIntentOf(session),
    paidWith: method ? paidWithOf(method) : null,
    // A session completed with its payment still to come (PayNow): Stripe sends async_payment_succeeded or _failed.
    awaitingPayment: session.status === "complete" && session.payment_status === "unpaid",
  };
}

function paidWithOf(method: Stripe.PaymentMethod): PaidWith | null {
  if (method.type === "paynow") return { method: "paynow", cardBrand: null, cardLast4: null, wallet: null };
  if (method.type === "grabpay") return { method: "grabpay", cardBrand: null, cardLast4: null, wallet: null };
  if (!method.card) return null;
  const wallet = method.card.wallet?.type;
  const known = CARD_WALLETS.find((kind): kind is CardWallet => kind === wallet) ?? null;
  return { method: "card", cardBrand: method.card.brand, cardLast4: method.card.last4, wallet: known };
}

/** The session's card, when it was read with its payment or setup intent expanded. */
function paymentMethodOf(session: Stripe.Checkout.Session): Stripe.PaymentMethod | null {
  const intent = session.mode === "setup" ? session.setup_intent : session.payment_intent;
  if (!intent || typeof intent === "string") return null;
  const method = intent.payment_method;
  return method && typeof method !== "string" ? method : null;
}

/** The card a complete session kept for off-session use: a setup session's, or a payment's set up for future use. */
function savedCardOf(
  session: Stripe.Checkout.Session,
  customerId: string | null,
  method: Stripe.PaymentMethod | null,
): SavedCard | null {
  if (session.status !== "complete" || !customerId || !method?.card) return null;
  const intent = session.payment_intent;
  const keptForLater = session.mode === "setup" || (typeof intent === "object" && intent?.setup_future_usage === "off_session");
  if (!keptForLater) return null;
  return { customerId, paymentMethodId: method.id, brand: method.card.brand, last4: method.card.last4 };
}
