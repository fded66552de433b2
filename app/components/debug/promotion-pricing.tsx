import type { PricedBag } from "../../../domain/bag/price-bag.ts";
import type { CheckoutPricing } from "../../../domain/checkout/price-checkout.ts";
import type { Promotion } from "../../../domain/promotions/promotion.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { checkoutDiscounts, OrderTotals } from "../order-totals.tsx";

/** A code as the promotion table holds it, in words. */
export function promotionTerms(promotion: Promotion): string {
  const value = promotion.kind === "percent" ? `${promotion.value}% off` : `${formatMoney(promotion.value)} off`;
  const ends = promotion.endsAt ? `until ${formatTimestamp(promotion.endsAt)}` : "no end";
  const usage =
    promotion.usageLimit === null
      ? `${promotion.timesUsed} uses, no limit`
      : `${promotion.timesUsed} of ${promotion.usageLimit} uses`;
  return `${value}, from ${formatTimestamp(promotion.startsAt)}, ${ends}, ${usage}`;
}

/**
 * A bag priced at checkout with a code: each line's discount (or why it gets none), the totals as
 * the checkout shows them, and the shopper's message when the code is refused.
 */
export function PromotionPricing({
  bag,
  pricing,
  problem,
}: {
  bag: PricedBag;
  pricing: CheckoutPricing;
  problem: string | null;
}) {
  return (
    <div className="mt-3" data-testid="promotion-pricing">
      {problem && (
        <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sale" data-testid="promotion-problem">
          The shopper sees: “{problem}”
        </p>
      )}
      <ul className="mt-3 divide-y divide-slate-200">
        {pricing.lines.map((line, index) => {
          const excluded = bag.lines[index]?.product.campaignDiscountExclusion ?? false;
          return (
            <li key={line.optionId} className="flex flex-wrap justify-between gap-2 py-2" data-testid="promotion-line">
              <div className="min-w-0">
                <p className="font-medium">
                  {line.quantity} × {line.productName}
                </p>
                <p className="text-sm text-muted">
                  {line.optionName}
                  {excluded && " · campaignDiscountExclusion: this product never gets a promotion discount"}
                </p>
              </div>
              <p className="text-right">
                {formatMoney(line.unitPriceCents * line.quantity)}
                <span className="block text-sm text-sale">discount {formatMoney(-line.discountCents)}</span>
              </p>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 border-t border-slate-200 pt-3">
        <OrderTotals totals={pricing} discounts={checkoutDiscounts(pricing)} />
      </div>
    </div>
  );
}
