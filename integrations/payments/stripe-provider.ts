import Stripe from "stripe";
import type { PaymentProvider, PaymentSessionState } from "./payment-provider.ts";
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

  return {
    name: "stripe",
    async createSession(input) {
      const discounts =
        input.discountCents > 0
          ? [
              {
                coupon: (
                  await stripe.coupons.create(
                    { amount_off: input.discountCents, currency: "sgd", duration: "once", max_redemptions: 1 },
                    { idempotencyKey: `${input.idempotencyKey}-coupon` },
                  )
                ).id,
              },
            ]
          : undefined;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: "sgd",
          customer_email: input.customerEmail,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.ceil(Date.now() / 1000) + input.lifetimeMinutes * 60 + EXPIRY_MARGIN_SECONDS,
          line_items: input.lines.map((line) => ({
            quantity: line.quantity,
            price_data: { currency: "sgd", unit_amount: line.unitAmountCents, product_data: { name: line.name } },
          })),
          discounts,
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
    retrieveSession: async (sessionId) =>
      stateOf(await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent.payment_method"] })),
    async expireSession(sessionId) {
      try {
        return stateOf(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid, or expired already).
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        return stateOf(await stripe.checkout.sessions.retrieve(sessionId));
      }
    },
    async refund({ sessionId, amountCents, refundId }) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
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

function stateOf(session: Stripe.Checkout.Session): PaymentSessionState {
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
  const status: PaymentSessionState["status"] =
    session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open";
  return { id: session.id, paid, status, customerId: customer, cardFingerprint: cardFingerprintOf(session) };
}

/** The paying card's fingerprint, when the session was read with its payment method expanded. */
function cardFingerprintOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  if (!intent || typeof intent === "string") return null;
  const method = intent.payment_method;
  if (!method || typeof method === "string") return null;
  return method.card?.fingerprint ?? null;
}
