import type { Database } from "../../db/client.ts";
import type { PaymentEvent } from "../../integrations/payments/payment-provider.ts";
import { createTestPaymentProvider } from "../../integrations/payments/test-provider.ts";

/**
 * The embedded test payment provider with its webhooks kept instead of delivered, so a test can
 * hand the last one to fulfilment as often (and as concurrently) as it likes.
 */
export function recordingTestPayments(db: Database) {
  const delivered: { raw: string; signature: string }[] = [];
  const payments = createTestPaymentProvider({
    db,
    webhookSecret: "whsec_test_secret",
    deliver: async (raw, signature) => {
      delivered.push({ raw, signature });
    },
  });
  const lastWebhook = () => {
    const webhook = delivered.at(-1);
    if (!webhook) throw new Error("no webhook delivered");
    return webhook;
  };
  return {
    payments,
    lastWebhook,
    /** The event of the webhook sent last, verified as the webhook endpoint would. */
    lastEvent: (): Promise<PaymentEvent> => {
      const { raw, signature } = lastWebhook();
      return payments.verifyWebhook(raw, signature);
    },
  };
}

export type RecordingPayments = ReturnType<typeof recordingTestPayments>;
