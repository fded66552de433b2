import type { TestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { OperationContext } from "../shared/context.ts";
import { receivePaymentWebhook } from "./receive-payment-webhook.ts";

/** The test payment provider's pages and deliveries exist only when it stands in for Stripe. */
export function requireTestPayments(ctx: Pick<OperationContext, "testPayments">): TestPaymentProvider {
  if (!ctx.testPayments) throw new AppError("NOT_FOUND", "Test payments are off.");
  return ctx.testPayments;
}

/** Delivers a recorded test provider event, signed afresh, to the same webhook handling as Stripe's. */
export async function deliverTestPaymentEvent(ctx: OperationContext, eventId: string): Promise<void> {
  const signed = await requireTestPayments(ctx).signedEvent(eventId);
  if (!signed) throw new AppError("NOT_FOUND", `There is no test payment event ${eventId}.`);
  await receivePaymentWebhook(ctx, signed);
}
