import type { AdjustmentSource, PriceAdjustment } from "../../kernel/adjustment-sources.ts";

export type { AdjustmentSource, PriceAdjustment };

/** "Discount (FIRST10)": the discount named by the promotion code that gave it. */
export function discountLabel(promotionCode: string | null): string {
  return promotionCode ? `Discount (${promotionCode})` : "Discount";
}

/** The referred friend's discount, on its own line after the promotion code's (decision 045). */
export const REFERRAL_DISCOUNT_LABEL = "Friend's first-order discount";

/** A subscribed line's discount, named by its percent: "Subscribe and save 15%". */
export function subscriptionDiscountLabel(percent: number): string {
  return `Subscribe and save ${percent}%`;
}

/** The promotion code the order was placed with, if any: staff see it, the `order.paid` event carries it. */
export function promotionCodeOf(adjustments: PriceAdjustment[]): string | null {
  return adjustments.find((adjustment) => adjustment.source === "promotion-code")?.code ?? null;
}
