import { z } from "zod";
import type { TestPaymentOutcome } from "../../integrations/payments/test-provider.ts";
import { AppError } from "../../kernel/app-error.ts";
import { anyone } from "../shared/access.ts";
import { text } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { isWellFormedCheckoutSessionId } from "./session-id.ts";
import { deliverTestPaymentEvent, requireTestPayments } from "./test-payment-delivery.ts";

export const PayTestCheckoutInput = z.object({
  /** From the page's address: anything that is not a session id is no session. */
  sessionId: z.string(),
  cardNumber: text(40).refine((value) => value.length > 0, { error: "Enter a card number." }),
});

const declared = { access: anyone, input: PayTestCheckoutInput };

/**
 * payTestCheckout: the test provider's card page charges a test card (the session id, given only to
 * whoever went to pay, is the permission, as on Stripe's page). Its webhook is delivered once at
 * once; a failure there is logged and left to the redelivery job the payment queued, so the shopper
 * who paid is never told otherwise.
 */
export const payTestCheckout = defineOperation(declared, async function payTestCheckout(ctx, input): Promise<TestPaymentOutcome> {
  const payments = requireTestPayments(ctx);
  if (!isWellFormedCheckoutSessionId(input.sessionId)) throw new AppError("NOT_FOUND", "There is no such payment session.");
  const outcome = await payments.pay(input.sessionId, input.cardNumber);
  if (!outcome.ok) return outcome;
  try {
    await deliverTestPaymentEvent(ctx, outcome.eventId);
  } catch (error) {
    ctx.log.warn({ err: error, eventId: outcome.eventId }, "payment webhook not delivered; the redelivery job will retry it");
  }
  return outcome;
});
