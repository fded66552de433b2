/** Where a subscription stands: renewing, paused (until a date or indefinitely), stopped by failed payments, or ended. */
export const SUBSCRIPTION_STATUSES = ["active", "paused", "payment_failed", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * How one renewal (a subscription and its due date) ended up: being charged, paid (its order placed),
 * declined or waiting for the card holder (3-D Secure), or not charged because its option was sold out
 * or switched off and the merchant's rule moved it (delayed) or passed it over (skipped).
 */
export const RENEWAL_OUTCOMES = ["charging", "paid", "declined", "needs_authentication", "delayed", "skipped"] as const;
export type RenewalOutcome = (typeof RENEWAL_OUTCOMES)[number];

/** What a renewal whose option cannot be sold does: waits a day and is tried again, or waits for the next date. */
export const SOLD_OUT_RULES = ["delay", "skip"] as const;
export type SoldOutRule = (typeof SOLD_OUT_RULES)[number];

/** The merchant's subscription offer until they change it: the numbers are defined here only. */
export const DEFAULT_SUBSCRIPTION_OFFER = {
  discountPercent: 15,
  cadencesWeeks: [2, 4, 6, 8],
  reminderDays: 3,
  retryDays: [1, 3, 5],
  soldOutRule: "delay",
} as const satisfies {
  discountPercent: number;
  cadencesWeeks: readonly number[];
  reminderDays: number;
  retryDays: readonly number[];
  soldOutRule: SoldOutRule;
};

/** How far ahead of today a member may move their next renewal, in days. */
export const LATEST_RENEWAL_MOVE_DAYS = 90;

/** How far ahead of today a pause may end, in days (longer: pause until resumed). */
export const LATEST_PAUSE_END_DAYS = 365;
