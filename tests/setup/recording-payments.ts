import type { Database } from "../../db/client.ts";
import type { PaymentEvent } from "../../integrations/payments/payment-provider.ts";
import { createTestPaymentProvider, type TestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import { recordingJobs } from "./recording-jobs.ts";

/**
 * The embedded test payment provider with its webhooks kept instead of delivered (its redelivery
 * jobs are only recorded), so a test can hand the last one to fulfilment as often (and as
 * concurrently) as it likes.
 */
export function recordingTestPayments(db: Database, options: { now?: () => Date } = {}) {
  const delivered: { raw: string; signature: string }[] = [];
  const queue = recordingJobs();
  const provider = createTestPaymentProvider({ db, webhookSecret: "whsec_test_secret", jobs: queue.jobs, now: options.now });
  const payments: TestPaymentProvider = {
    ...provider,
    pay: async (sessionId, cardNumber, wallet) => {
      const outcome = await provider.pay(sessionId, cardNumber, wallet);
      const signed = outcome.ok ? await provider.signedEvent(outcome.eventId) : null;
      if (signed) delivered.push({ raw: signed.rawBody, signature: signed.signature });
      return outcome;
    },
  };
  const lastWebhook = () => {
    const webhook = delivered.at(-1);
    if (!webhook) throw new Error("no webhook delivered");
    return webhook;
  };
  return {
    payments,
    /** The jobs the provider and the checkout queued. */
    jobs: queue,
    lastWebhook,
    /** The event of the webhook sent last, verified as the webhook endpoint would. */
    lastEvent: (): Promise<PaymentEvent> => {
      const { raw, signature } = lastWebhook();
      return payments.verifyWebhook(raw, signature);
    },
  };
}

export type RecordingPayments = ReturnType<typeof recordingTestPayments>;
