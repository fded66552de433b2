/**
 * What the shop tells the outside about (decision 042; payloads in docs/api.md#webhooks). A type's
 * payload only ever gains fields: a receiver written for today's payload keeps working.
 */
export const SHOP_EVENT_TYPES = [
  "order.paid",
  "order.refunded",
  "member.created",
  "points.changed",
  "tier.changed",
  "points.expiring",
  "referral.completed",
  "subscription.paused",
  "subscription.resumed",
  "subscription.cancelled",
  "subscription.created",
  "subscription.renewed",
  "subscription.payment_failed",
] as const;

export type ShopEventType = (typeof SHOP_EVENT_TYPES)[number];

/** Each type as the back office names it. */
export const SHOP_EVENT_LABELS: Record<ShopEventType, string> = {
  "order.paid": "Order paid",
  "order.refunded": "Order refunded",
  "member.created": "Member created",
  "points.changed": "Points changed",
  "tier.changed": "Tier changed",
  "points.expiring": "Points expiring",
  "referral.completed": "Referral completed",
  "subscription.paused": "Subscription paused",
  "subscription.resumed": "Subscription resumed",
  "subscription.cancelled": "Subscription cancelled",
  "subscription.created": "Subscription created",
  "subscription.renewed": "Subscription renewed",
  "subscription.payment_failed": "Subscription payment failed",
};

export type OrderPaidData = {
  orderId: string;
  invoiceId: string;
  /** The member whose bag was paid for; null for a guest. */
  memberId: string | null;
  /** Money as the API gives it: cents, and S$ as a number with 2 decimals beside them. */
  subtotalCents: number;
  subtotal: number;
  discountCents: number;
  discount: number;
  shippingCents: number;
  shipping: number;
  totalCents: number;
  total: number;
  promotionCode: string | null;
  paidAt: string;
};

export type OrderRefundedData = {
  orderId: string;
  invoiceId: string;
  refundId: string;
  memberId: string | null;
  /** This refund, in cents and S$. */
  amountCents: number;
  amount: number;
  /** Every refund of the order so far, this one included. */
  refundedCents: number;
  refunded: number;
  /** The order's status after it: paid, shipped, delivered (partly refunded), refunded or cancelled. */
  status: string;
  pointsReversed: number;
  refundedAt: string;
};

export type MemberCreatedData = { memberId: string; membershipStatus: "green" | "gold"; createdAt: string };

export type PointsChangedData = {
  memberId: string;
  /** The ledger entry's id. */
  entryId: string;
  /** What moved the points: a point kind (order, refund, redeem, sign-up, …) or an earn action's id. */
  kind: string;
  direction: "credit" | "debit";
  /** A magnitude; direction says which way. */
  points: number;
  /** The member's balance after the entry. */
  balance: number;
  /** The programme version whose rules made the entry. */
  programmeVersion: number;
  orderId: string | null;
  at: string;
};

export type TierChangedData = {
  memberId: string;
  from: "green" | "gold";
  to: "green" | "gold";
  /** promoted: green to gold; renewed: another gold year; demoted: gold to green. */
  change: "promoted" | "renewed" | "demoted";
  /** When the change took effect (a gold year is judged when it ends, which may be before it is recorded). */
  at: string;
  /** The start of the member's gold year after the change; null when green. */
  goldStartAt: string | null;
};

/** For the points expiry work to record: points that will expire, ahead of time. */
export type PointsExpiringData = { memberId: string; points: number; expiresAt: string; balance: number };

/** For the referral work to record: a referred friend's order has passed its refund window and the referrer is credited. */
export type ReferralCompletedData = {
  referrerMemberId: string;
  /** The friend's membership, when they ordered signed in; null for a guest's order. */
  referredMemberId: string | null;
  orderId: string;
  points: number;
  at: string;
};

/** A member subscribed to an option at checkout: the subscription, its first order and its first renewal date. */
export type SubscriptionCreatedData = {
  subscriptionId: string;
  memberId: string;
  optionId: string;
  quantity: number;
  cadenceWeeks: number;
  discountPercent: number;
  firstOrderId: string;
  /** The Singapore date (YYYY-MM-DD) of the first renewal. */
  nextRenewalOn: string;
  createdAt: string;
};

/** A renewal was paid and its order placed (order.paid tells of the order itself). */
export type SubscriptionRenewedData = {
  subscriptionId: string;
  memberId: string;
  orderId: string;
  invoiceId: string;
  /** The date the renewal was due, and the next one after it. */
  dueOn: string;
  nextRenewalOn: string;
  totalCents: number;
  total: number;
  renewedAt: string;
};

/** The last retry of a renewal was declined (or still needed the card holder): the subscription stops renewing. */
export type SubscriptionPaymentFailedData = {
  subscriptionId: string;
  memberId: string;
  dueOn: string;
  /** Charges tried for the date. */
  attempts: number;
  reason: string;
  failedAt: string;
};

/** A subscription a member (or staff for them) paused, resumed or cancelled, as it stands after. */
export type SubscriptionChangedData = {
  subscriptionId: string;
  memberId: string;
  optionId: string;
  quantity: number;
  cadenceWeeks: number;
  /** active, paused or cancelled. */
  status: string;
  /** The Singapore date (YYYY-MM-DD) the next renewal is due; null once cancelled. */
  nextRenewalOn: string | null;
  /** The day a pause ends; null for a pause until the member resumes, and when not paused. */
  pausedUntil: string | null;
  /** Why the member cancelled, when they said. */
  cancelReason: string | null;
  /** Who made the change: the member, staff for them, or the schedule (a pause that ran out). */
  changedBy: "member" | "staff" | "schedule";
  at: string;
};

export type ShopEventData = {
  "order.paid": OrderPaidData;
  "order.refunded": OrderRefundedData;
  "member.created": MemberCreatedData;
  "points.changed": PointsChangedData;
  "tier.changed": TierChangedData;
  "points.expiring": PointsExpiringData;
  "referral.completed": ReferralCompletedData;
  "subscription.paused": SubscriptionChangedData;
  "subscription.resumed": SubscriptionChangedData;
  "subscription.cancelled": SubscriptionChangedData;
  "subscription.created": SubscriptionCreatedData;
  "subscription.renewed": SubscriptionRenewedData;
  "subscription.payment_failed": SubscriptionPaymentFailedData;
};
