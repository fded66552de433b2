import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Database } from "../db/client.ts";
import type { JobQueue } from "../domain/shared/job-queue.ts";
import { createMailer } from "../integrations/email/mailer.ts";
import { createSharpPictureEncoder } from "../integrations/images/photo-encoder.ts";
import type { PaymentProvider } from "../integrations/payments/payment-provider.ts";
import { createStripePaymentProvider } from "../integrations/payments/stripe-provider.ts";
import { createTestPaymentProvider, type TestPaymentProvider } from "../integrations/payments/test-provider.ts";
import { createLocalFileStore, createS3FileStore } from "../integrations/storage/file-store.ts";
import { createHttpWebhookSender } from "../integrations/webhooks/http-webhook-sender.ts";
import type { Config } from "./env.ts";
import type { Logger } from "./logger.ts";

/** Each outside system from its settings: the production adapter when configured, else the embedded default. */
export function createIntegrations(config: Config, deps: { db: Database; logger: Logger; jobs: JobQueue }) {
  let payments: PaymentProvider;
  let testPayments: TestPaymentProvider | null = null;
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    payments = createStripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  } else {
    // Its webhooks never leave the shop's processes, each of which signs and checks its own deliveries.
    testPayments = createTestPaymentProvider({
      db: deps.db,
      webhookSecret: `whsec_${randomBytes(24).toString("base64url")}`,
      jobs: deps.jobs,
    });
    payments = testPayments;
  }
  const mailer = createMailer({
    from: config.MAIL_FROM,
    smtpUrl: config.SMTP_URL,
    outboxDir: path.resolve(config.DATA_DIR, "outbox"),
    onSent: (info) => deps.logger.info(info, "email sent"),
  });
  const files = config.S3_BUCKET
    ? createS3FileStore({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        forcePathStyle: !!config.S3_ENDPOINT,
      })
    : createLocalFileStore(path.resolve(config.DATA_DIR, "files"));
  // Plain http and addresses on this machine's networks only where nobody outside reaches the shop.
  const webhooks = createHttpWebhookSender({ allowLocalTargets: config.APP_ENV === "development" || config.APP_ENV === "test" });
  return { payments, testPayments, mailer, files, pictures: createSharpPictureEncoder(), webhooks };
}
