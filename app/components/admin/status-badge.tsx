import type { ReactNode } from "react";
import { REFUND_STATUS_LABELS, type RefundStatus } from "../../../domain/orders/refunds/refund-statuses.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../kernel/order-statuses.ts";
import type { SubscriptionStatus } from "../../../kernel/subscription-terms.ts";

/** What a state means to the person reading it, which its colour says at a glance (the words say it too). */
export type Tone = "active" | "waiting" | "done" | "off";

const TONES: Record<Tone, string> = {
  active: "bg-brand-50 text-brand-900",
  waiting: "bg-amber-100 text-amber-950",
  done: "bg-emerald-100 text-emerald-900",
  off: "bg-slate-200 text-slate-800",
};

/** A state shown as a small pill: an order's, a refund's, a review's, a product's or a code's. */
export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONES[tone]}`}>{children}</span>;
}

const ORDER_TONES: Record<OrderStatus, Tone> = {
  pending_payment: "waiting",
  paid: "waiting",
  cancelling: "waiting",
  shipped: "active",
  delivered: "done",
  cancelled: "off",
  refunded: "off",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge tone={ORDER_TONES[status]}>{ORDER_STATUS_LABELS[status]}</StatusBadge>;
}

const REFUND_TONES: Record<RefundStatus, Tone> = { pending: "waiting", succeeded: "done" };

export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  return <StatusBadge tone={REFUND_TONES[status]}>{REFUND_STATUS_LABELS[status]}</StatusBadge>;
}

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  paused: "Paused",
  payment_failed: "Payment failed",
  cancelled: "Cancelled",
};

const SUBSCRIPTION_TONES: Record<SubscriptionStatus, Tone> = {
  active: "active",
  paused: "waiting",
  payment_failed: "waiting",
  cancelled: "off",
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <StatusBadge tone={SUBSCRIPTION_TONES[status]}>{SUBSCRIPTION_STATUS_LABELS[status]}</StatusBadge>;
}
