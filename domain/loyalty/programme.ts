/**
 * The loyalty programme's numbers (DESIGN.md §3), each held here once: the rules, the pages and the
 * messages all read them from here (programme-copy.ts words them for members).
 */

/** Points for each earn action, once per member; sign-up is given when the membership is created. */
export const EARN_ACTION_POINTS = {
  "sign-up": 50,
  "follow-ig": 50,
  "follow-tt": 50,
  "follow-fb": 50,
  "refer-friends": 200,
  "post-review": 50,
  "tag-social": 50,
} as const;

export const SIGN_UP_POINTS = EARN_ACTION_POINTS["sign-up"];

/** Spend (goods after discounts, net of refunds) since membership start or the last reset that makes a member gold: S$300. */
export const GOLD_THRESHOLD_CENTS = 30_000;

/** Points a green member earns per whole S$1 of goods paid after discounts (shipping excluded). */
export const ORDER_POINTS_PER_DOLLAR = 1;

/** A gold member's order points are this many times a green member's (rounded down). */
export const GOLD_POINTS_MULTIPLIER = 1.5;

/** How long a gold year lasts from goldStartAt; spending the threshold in it renews gold for another one. */
export const GOLD_LENGTH_MONTHS = 12;

/** How long a reward waits in the bag for a paid order before it expires and its points come back. */
export const REDEEM_HOLD_DAYS = 7;

/** An order paid more than this many days before the member joined is `old`: claimed, it counts for spend only. */
export const CLAIM_WINDOW_DAYS = 30;

/** The numbers the member-facing copy mentions, so a text can be checked against other values. */
export type ProgrammeTerms = {
  orderPointsPerDollar: number;
  goldThresholdCents: number;
  goldPointsMultiplier: number;
  goldLengthMonths: number;
  redeemHoldDays: number;
  claimWindowDays: number;
};

export const PROGRAMME_TERMS: ProgrammeTerms = {
  orderPointsPerDollar: ORDER_POINTS_PER_DOLLAR,
  goldThresholdCents: GOLD_THRESHOLD_CENTS,
  goldPointsMultiplier: GOLD_POINTS_MULTIPLIER,
  goldLengthMonths: GOLD_LENGTH_MONTHS,
  redeemHoldDays: REDEEM_HOLD_DAYS,
  claimWindowDays: CLAIM_WINDOW_DAYS,
};
