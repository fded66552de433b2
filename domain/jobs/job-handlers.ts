import { expireCheckoutSession } from "../checkout/expire-checkout-session.ts";
import { redeliverWebhook } from "../checkout/redeliver-webhook.ts";
import { runLoyaltyMaintenance } from "../loyalty/maintenance.ts";
import { sendOutboxEmail } from "../orders/order-email.ts";
import { completeRefundJob } from "../orders/refunds/complete-refund-job.ts";
import type { OperationContext, SystemViewer } from "../shared/context.ts";
import { fanOutEvent } from "../webhooks/fan-out-event.ts";
import { sendWebhook } from "../webhooks/send-webhook.ts";
import type { JobName } from "./job-queue.ts";

/** Runs one job; each handler parses its own data (a job's data is whatever was stored with it). */
export type JobHandler = (ctx: OperationContext, data: never) => Promise<unknown>;

/** Who a job acts as: the shop itself, which no request can be. */
export const jobViewer = (job: JobName): SystemViewer => ({ kind: "system", job });

/** Each job name's handler; what a handler returns is kept with the completed job. */
export const jobHandlers: Record<JobName, JobHandler> = {
  "send-email": sendOutboxEmail,
  "loyalty-maintenance": (ctx) => runLoyaltyMaintenance(ctx, {}),
  "redeliver-webhook": redeliverWebhook,
  "expire-checkout-session": expireCheckoutSession,
  "complete-refund": completeRefundJob,
  "fan-out-event": fanOutEvent,
  "send-webhook": sendWebhook,
};
