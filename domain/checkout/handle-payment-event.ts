import type { PaymentEvent } from "../../integrations/payments/payment-provider.ts";
import { receiveProviderRefund } from "../orders/refunds/receive-provider-refund.ts";
import type { OperationContext } from "../shared/context.ts";
import { completeCardChange } from "../subscriptions/card-change.ts";
import { closeCheckout } from "./close-checkout.ts";
import { type FulfilResult, fulfilCheckout } from "./fulfil-checkout.ts";

/** Routes a verified payment webhook event to what it stands for; unknown kinds are acknowledged and ignored. */
export async function handlePaymentEvent(ctx: OperationContext, event: PaymentEvent): Promise<FulfilResult | null> {
  if (event.refund) {
    await receiveProviderRefund(ctx, event.refund);
    return null;
  }
  if (!event.sessionId) return null;
  switch (event.type) {
    case "checkout.session.completed":
      // A setup session a member started to change a subscription's card takes no order.
      if ((await completeCardChange(ctx, event.sessionId)).outcome !== "not_card_change") return null;
      return fulfilCheckout(ctx, { sessionId: event.sessionId, event });
    case "checkout.session.async_payment_succeeded":
      return fulfilCheckout(ctx, { sessionId: event.sessionId, event });
    case "checkout.session.async_payment_failed":
      await closeCheckout(ctx, { sessionId: event.sessionId, status: "failed", event });
      return null;
    case "checkout.session.expired":
      await closeCheckout(ctx, { sessionId: event.sessionId, status: "expired", event });
      return null;
    default:
      return null;
  }
}
