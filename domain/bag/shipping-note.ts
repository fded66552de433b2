import { formatMoney } from "../../kernel/money.ts";
import { FREE_SHIPPING_FROM_CENTS } from "./price-bag.ts";

/**
 * The line under the shipping charge in the bag and at checkout. Rewards taken with points add nothing
 * to shipping, so beside rewards a charge says what it is for: goods below the free-shipping threshold.
 * `goodsCents` is what that threshold is measured on: the goods, after any discount.
 */
export function shippingNote(bag: { goodsCents: number; shippingCents: number; hasRewards: boolean }): string {
  if (bag.shippingCents === 0) return bag.hasRewards ? "Your order and your rewards ship free." : "Your order ships free.";
  const addMore = `Add ${formatMoney(FREE_SHIPPING_FROM_CENTS - bag.goodsCents)} more for free shipping.`;
  if (!bag.hasRewards) return addMore;
  return (
    `Rewards add nothing to shipping: the ${formatMoney(bag.shippingCents)} is for goods under ` +
    `${formatMoney(FREE_SHIPPING_FROM_CENTS)}. ${addMore}`
  );
}
