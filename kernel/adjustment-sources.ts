/**
 * Where a discount on an order comes from. A new source is a name here, the adjustment its pricing
 * hands to placeOrder, and its label: nothing else has a column or a branch per source (decision 054).
 */
export const ADJUSTMENT_SOURCES = ["quantity", "promotion-code", "referral", "subscription"] as const;
export type AdjustmentSource = (typeof ADJUSTMENT_SOURCES)[number];

/** A discount on an order: its source (with the code that gave it), how much, and what a document calls it. */
export type PriceAdjustment = { source: AdjustmentSource; code: string | null; cents: number; label: string };
