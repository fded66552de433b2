import type { refunds } from "../../../db/schema/refunds.ts";

/** A refund's state: asked of the payment provider, or confirmed by it. */
export type RefundStatus = (typeof refunds.$inferSelect)["status"];

/** Each state as the back office names it. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: "Waiting for the payment provider",
  succeeded: "Refunded",
};
