import type { PaymentEvent } from "../../integrations/payments/payment-provider.ts";
import { closeCheckout, type FulfilDeps, type FulfilResult, fulfilCheckout } from "./fulfil-checkout.ts";

/** Routes a verified payment webhook event to the use case it stands for; unknown kinds are acknowledged and ignored. */
export async function handlePaymentEvent(deps: FulfilDeps, event: PaymentEvent): Promise<FulfilResult | null> {
  if (!event.sessionId) return null;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return fulfilCheckout(deps, event.sessionId, event);
    case "checkout.session.async_payment_failed":
      await closeCheckout(deps, event.sessionId, "failed", event);
      return null;
    case "checkout.session.expired":
      await closeCheckout(deps, event.sessionId, "expired", event);
      return null;
    default:
      return null;
  }
}
