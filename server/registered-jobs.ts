import { expireCheckoutSessionJob } from "../domain/checkout/expire-checkout-session.ts";
import { redeliverWebhookJob } from "../domain/checkout/redeliver-webhook.ts";
import { loyaltyMaintenanceJob } from "../domain/loyalty/upkeep/maintenance.ts";
import { completeRefundJob } from "../domain/orders/refunds/complete-refund-job.ts";
import { sendReviewRequestsJob } from "../domain/orders/review-requests.ts";
import { sendEmailJob } from "../domain/outbox/send-outbox-email.ts";
import { endPausesJob } from "../domain/subscriptions/manage/end-pauses.ts";
import { sendRenewalRemindersJob } from "../domain/subscriptions/renewals/renewal-reminders.ts";
import { renewSubscriptionsJob } from "../domain/subscriptions/renewals/run-renewals.ts";
import { fanOutEventJob } from "../domain/webhooks/fan-out-event.ts";
import { sendWebhookJob } from "../domain/webhooks/send-webhook.ts";

/** Every job the shop's workers run, one definition per name in JOB_NAMES (tests/integration/job-definitions.test.ts). */
export const JOB_DEFINITIONS = [
  sendEmailJob,
  loyaltyMaintenanceJob,
  redeliverWebhookJob,
  expireCheckoutSessionJob,
  completeRefundJob,
  fanOutEventJob,
  sendWebhookJob,
  renewSubscriptionsJob,
  sendRenewalRemindersJob,
  endPausesJob,
  sendReviewRequestsJob,
] as const;

declare module "../domain/shared/job-queue.ts" {
  interface RegisteredJobs {
    definitions: typeof JOB_DEFINITIONS;
  }
}
