/**
 * A referral's life (decision 045): pending until the friend's order is delivered, then waiting out
 * the refund window, then rewarded (the referrer's points credited once). A refund before that
 * reverses it; the fraud checks refuse a self-referral at once and hold a doubtful one for staff.
 */
export const REFERRAL_STATES = ["pending", "waiting", "rewarded", "reversed", "refused", "held"] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

export const REFERRAL_STATE_LABELS: Record<ReferralState, string> = {
  pending: "Ordered, not yet delivered",
  waiting: "Delivered, refund window running",
  rewarded: "Points credited",
  reversed: "Refunded, no points",
  refused: "Not eligible",
  held: "Being checked by our team",
};
