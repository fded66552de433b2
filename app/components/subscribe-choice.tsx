import type { ProductSubscriptionOffer } from "../../domain/checkout/product-subscription-offer.ts";
import { subscriptionDiscountLabel } from "../../domain/orders/price-adjustment.ts";
import { formatMoney } from "../../kernel/money.ts";
import { pricePerServingCents, pricePerUnitCents, unitCount, unitWord } from "../lib/product-display.ts";
import type { PricedOption } from "./price-block.tsx";

/**
 * One-off or "Subscribe and save" at one of the merchant's cadences: one radio group, `cadenceWeeks`
 * ("" for one-off), posted with the option to /bag by either of the form's buttons (the page's own, or
 * this one's beside the cadences). Nothing shows for an option the offer leaves out,
 * so it is bought once.
 */
export function SubscribeChoice({
  option,
  offer,
  adding,
}: {
  option: PricedOption;
  offer: ProductSubscriptionOffer;
  adding: boolean;
}) {
  const terms = offer.options[option.optionId];
  if (!terms) return null;
  const subscribed = { ...option, optionPriceCents: terms.priceCents };
  const units = unitCount(option);
  const choice =
    "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50";
  return (
    <fieldset className="min-w-0" data-testid="subscribe-choice">
      <legend className="font-semibold">One-off or subscribe</legend>
      <div className="mt-2 grid gap-2">
        <label className={choice}>
          <input type="radio" name="cadenceWeeks" value="" defaultChecked className="size-4 accent-brand-700" />
          <span className="flex-1">One-off purchase</span>
          <span className="font-semibold">{formatMoney(option.optionPriceCents)}</span>
        </label>
        <div className="rounded-xl border border-slate-300 px-3 py-3 has-checked:border-brand-700 has-checked:bg-brand-50">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold">{subscriptionDiscountLabel(terms.discountPercent)}</span>
            <span className="font-extrabold text-brand-900" data-testid="subscription-price">
              {formatMoney(terms.priceCents)}
            </span>
          </p>
          <dl className="mt-1 grid grid-cols-[auto_auto] justify-start gap-x-4 text-sm">
            <dt className="text-muted">Per {unitWord(option)}</dt>
            <dd className="font-medium">
              {formatMoney(pricePerUnitCents(subscribed))}
              {units > 1 ? ` × ${units}` : ""}
            </dd>
            <dt className="text-muted">Per serving</dt>
            <dd className="font-medium">{formatMoney(pricePerServingCents(subscribed))}</dd>
            <dt className="text-muted">You save</dt>
            <dd className="font-semibold text-sale" data-testid="subscription-saving">
              {formatMoney(option.optionPriceCents - terms.priceCents)} a delivery
            </dd>
          </dl>
          <fieldset className="mt-3 min-w-0">
            <legend className="text-sm font-medium">Delivered</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {offer.cadencesWeeks.map((weeks) => (
                <label
                  key={weeks}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm has-checked:border-brand-700 has-checked:font-semibold"
                >
                  <input type="radio" name="cadenceWeeks" value={weeks} className="size-4 accent-brand-700" />
                  Every {weeks} weeks
                </label>
              ))}
            </div>
          </fieldset>
          <p className="mt-2 text-sm text-muted">Skip, pause or cancel any time from your account.</p>
          <button
            type="submit"
            disabled={adding}
            className="mt-3 w-full rounded-full border-2 border-brand-700 px-6 py-2.5 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
          >
            Add to my bag as chosen
          </button>
        </div>
      </div>
    </fieldset>
  );
}
