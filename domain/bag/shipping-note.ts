import { formatMoney } from "../../kernel/money.ts";

/**
 * The line under the shipping charge in the bag and at checkout. Rewards taken with points add nothing
 * to shipping, so beside rewards a charge says what it is for: goods below the chosen delivery's
 * free-delivery threshold. `goodsCents` is what that threshold is measured on: the goods, after any
 * discount; an option that is never free (`freeFromCents` null) says no more than its charge.
 */
export function shippingNote(bag: {
  goodsCents: number;
  shippingCents: number;
  freeFromCents: number | null;
  hasRewards: boolean;
}): string {
  if (bag.shippingCents === 0) return bag.hasRewards ? "Your order and your rewards ship free." : "Your order ships free.";
  const freeFrom = bag.freeFromCents;
  const addMore = freeFrom === null ? "" : `Add ${formatMoney(freeFrom - bag.goodsCents)} more for free shipping.`;
  if (!bag.hasRewards) return addMore;
  const charge = `Rewards add nothing to shipping: the ${formatMoney(bag.shippingCents)} is for delivering your goods`;
  return freeFrom === null ? `${charge}.` : `${charge} under ${formatMoney(freeFrom)}. ${addMore}`;
}
