import { z } from "zod";
import type { TestPaymentOutcome, TestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import { AppError } from "../../kernel/app-error.ts";
import { anyone } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { text } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { isWellFormedCheckoutSessionId } from "./session-id.ts";
import { deliverTestPaymentEvent, requireTestPayments } from "./test-payment-delivery.ts";

export const PayTestCheckoutInput = z.object({
  /** From the page's address: anything that is not a session id is no session. */
  sessionId: z.string(),
  cardNumber: text(40).refine((value) => value.length > 0, { error: "Enter a card number." }),
});

/** The card every wallet button pays with: it pays, as a card kept in a wallet does. */
const WALLET_CARD = "4242 4242 4242 4242";

/** What the test provider's page does besides paying by a typed card. */
const WAYS = {
  apple_pay: (payments, id) => payments.pay(id, WALLET_CARD, "apple_pay"),
  google_pay: (payments, id) => payments.pay(id, WALLET_CARD, "google_pay"),
  grabpay: (payments, id) => payments.payByGrabPay(id),
  grabpay_declined: async () => ({ ok: false, message: "GrabPay did not approve the payment. Nothing was taken." }),
  paynow: (payments, id) => payments.startPayNow(id),
  paynow_paid: (payments, id) => payments.endPayNow(id, "paid"),
  paynow_failed: (payments, id) => payments.endPayNow(id, "failed"),
  paynow_expired: (payments, id) => payments.endPayNow(id, "expired"),
} satisfies Record<string, (payments: TestPaymentProvider, sessionId: string) => Promise<TestPaymentOutcome>>;

export const TEST_PAYMENT_WAYS = Object.keys(WAYS) as (keyof typeof WAYS)[];

export const PayTestCheckoutByInput = z.object({
  sessionId: z.string(),
  way: z.enum(TEST_PAYMENT_WAYS, { error: "Choose how to pay." }),
});

/** The session named, when the test provider stands in for Stripe and the id is one. */
function sessionOf(ctx: OperationContext, sessionId: string): TestPaymentProvider {
  const payments = requireTestPayments(ctx);
  if (!isWellFormedCheckoutSessionId(sessionId)) throw new AppError("NOT_FOUND", "There is no such payment session.");
  return payments;
}

/**
 * The event a payment recorded is delivered once at once; a failure there is logged and left to the
 * redelivery job the payment queued, so the shopper who paid is never told otherwise.
 */
async function deliverOnce(ctx: OperationContext, outcome: TestPaymentOutcome): Promise<TestPaymentOutcome> {
  if (!outcome.ok) return outcome;
  try {
    await deliverTestPaymentEvent(ctx, outcome.eventId);
  } catch (error) {
    ctx.log.warn({ err: error, eventId: outcome.eventId }, "payment webhook not delivered; the redelivery job will retry it");
  }
  return outcome;
}

/**
 * payTestCheckout: the test provider's card page charges a test card (the session id, given only to
 * whoever went to pay, is the permission, as on Stripe's page).
 */
export const payTestCheckout = defineOperation(
  { access: anyone, input: PayTestCheckoutInput },
  async function payTestCheckout(ctx, input): Promise<TestPaymentOutcome> {
    const payments = sessionOf(ctx, input.sessionId);
    return deliverOnce(ctx, await payments.pay(input.sessionId, input.cardNumber));
  },
);

/**
 * payTestCheckoutBy: the test provider's other ways to pay, each only where the session offers it: a
 * wallet button (paying as card 4242 does), GrabPay approved or not, and PayNow started, then paid,
 * failed or left to expire, each with the event Stripe sends for it.
 */
export const payTestCheckoutBy = defineOperation(
  { access: anyone, input: PayTestCheckoutByInput },
  async function payTestCheckoutBy(ctx, input): Promise<TestPaymentOutcome> {
    const payments = sessionOf(ctx, input.sessionId);
    return deliverOnce(ctx, await WAYS[input.way](payments, input.sessionId));
  },
);
