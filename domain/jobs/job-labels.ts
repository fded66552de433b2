import type { JobName } from "../shared/job-queue.ts";

/** What each kind of job is, in the words of the people who run the shop: the jobs page and the audit log. */
export const JOB_LABELS: Record<JobName, string> = {
  "send-email": "Send an email",
  "loyalty-maintenance": "Loyalty upkeep (tiers, expiries)",
  "redeliver-webhook": "Deliver a payment webhook",
  "expire-checkout-session": "End an unpaid checkout",
  "complete-refund": "Complete a refund with the payment provider",
  "fan-out-event": "Hand a shop event to its webhook endpoints",
  "send-webhook": "Send an event to a webhook endpoint",
  "renew-subscriptions": "Renew the subscriptions due",
  "send-renewal-reminders": "Remind members of their next subscription box",
  "end-pauses": "Start again the subscriptions whose pause has ended",
  "send-review-requests": "Ask members to review what their delivered orders brought",
};
