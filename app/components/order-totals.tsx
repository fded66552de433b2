import { type OrderMoney, shippingText } from "../../domain/orders/order-money.ts";
import type { AdjustmentSource, PriceAdjustment } from "../../domain/orders/price-adjustment.ts";
import { formatMoney } from "../../kernel/money.ts";
import { LineTitle } from "./line-title.tsx";
import { RewardSummaryLines } from "./reward-lines.tsx";

/** A discount as a totals line shows it, with what the shopper should know of it before paying. */
type DiscountRow = PriceAdjustment & { note?: string };

const DISCOUNT_TEST_IDS: Record<AdjustmentSource, string> = {
  quantity: "checkout-quantity-saving",
  "promotion-code": "checkout-discount",
  referral: "checkout-referral-discount",
  subscription: "checkout-subscription-discount",
};

/** Said under a discount at checkout, before it is checked again with the delivery details. */
const CHECKOUT_NOTES: Partial<Record<AdjustmentSource, string>> = {
  referral: "For a first order with us: checked against your email",
};

/** The discounts a bag or checkout is priced with, as lines: those that take something off, in the order they were taken. */
export function checkoutDiscounts(pricing: { adjustments: PriceAdjustment[] }): DiscountRow[] {
  return pricing.adjustments
    .filter((adjustment) => adjustment.cents > 0)
    .map((adjustment) => ({ ...adjustment, note: CHECKOUT_NOTES[adjustment.source] }));
}

/** The discounts, each on its own line. */
export function DiscountLines({ discounts }: { discounts: DiscountRow[] }) {
  return discounts.map((discount) => (
    <div key={`${discount.source}:${discount.code}:${discount.label}`} className="flex justify-between gap-3 text-sale">
      <dt>
        {discount.label}
        {discount.note && <span className="block text-xs text-muted">{discount.note}</span>}
      </dt>
      <dd data-testid={DISCOUNT_TEST_IDS[discount.source]} className="whitespace-nowrap">
        {formatMoney(-discount.cents)}
      </dd>
    </div>
  ));
}

export function OrderTotals({
  totals,
  discounts,
  totalLabel = "Total",
}: {
  totals: { subtotalCents: number; shippingCents: number; totalCents: number };
  discounts: DiscountRow[];
  totalLabel?: string;
}) {
  return (
    <dl className="space-y-2">
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd data-testid="checkout-subtotal">{formatMoney(totals.subtotalCents)}</dd>
      </div>
      <DiscountLines discounts={discounts} />
      <div className="flex justify-between">
        <dt>Shipping</dt>
        <dd data-testid="checkout-shipping">{shippingText(totals.shippingCents)}</dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-bold">
        <dt>{totalLabel}</dt>
        <dd data-testid="checkout-total">{formatMoney(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}

/** Lines at their price: unit price × quantity, before any discount (shown apart, in the totals). */
export function LineList({
  lines,
}: {
  lines: {
    key: string;
    title: string;
    detail: string;
    quantity: number;
    unitPriceCents: number;
    amountCents: number;
    /** What stands in the way of ordering the line, with what to do (stock short). */
    note?: string;
  }[];
}) {
  return (
    <ul className="divide-y divide-slate-200">
      {lines.map((line) => (
        <li key={line.key} className="flex justify-between gap-4 py-3" data-testid="order-line">
          <div>
            <LineTitle title={line.title} quantity={line.quantity} />
            <p className="text-sm text-muted">{line.detail}</p>
            {line.note && (
              <p className="text-sm font-semibold text-sale" data-testid="line-stock">
                {line.note}
              </p>
            )}
          </div>
          <div className="shrink-0 text-right">
            <p className="font-semibold">{formatMoney(line.amountCents)}</p>
            {line.quantity > 1 && <p className="text-sm text-muted">{formatMoney(line.unitPriceCents)} each</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** An order's money as its pages show it: lines at their price, rewards, then the totals. */
export function OrderMoneySummary({
  money,
  rewardsHeading,
  totalLabel,
}: {
  money: OrderMoney;
  rewardsHeading?: string;
  totalLabel?: string;
}) {
  return (
    <>
      <LineList lines={money.lines} />
      <RewardSummaryLines lines={money.rewards} heading={rewardsHeading} />
      <div className="mt-4 border-t border-slate-200 pt-4">
        <OrderTotals totals={money} discounts={money.discounts} totalLabel={totalLabel} />
      </div>
    </>
  );
}
