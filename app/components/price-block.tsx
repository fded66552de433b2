import { servingsLabel } from "../../domain/catalog/servings.ts";
import type { PurchaseOption } from "../../domain/catalog/types.ts";
import { formatMoney } from "../../kernel/money.ts";
import { pricePerServingCents, pricePerUnitCents, unitCount } from "../lib/product-display.ts";

/** What a price block shows of an option. */
export type PricedOption = Pick<PurchaseOption, "optionId" | "optionPriceCents" | "servings" | "savingCents">;

export function PriceBlock({ option }: { option: PricedOption }) {
  const units = unitCount(option);
  const saved = option.savingCents;
  const unitWord = option.optionId.endsWith("pu") ? "pouch" : "box";
  return (
    <div className="rounded-xl bg-slate-50 p-4" data-testid="price-block">
      <p className="text-3xl font-extrabold text-brand-900">{formatMoney(option.optionPriceCents)}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Per {unitWord}</dt>
        <dd className="font-medium">
          {formatMoney(pricePerUnitCents(option))}
          {units > 1 ? ` × ${units}` : ""}
        </dd>
        <dt className="text-muted">Per serving</dt>
        <dd className="font-medium">{formatMoney(pricePerServingCents(option))}</dd>
        <dt className="text-muted">Servings</dt>
        <dd className="font-medium">{servingsLabel(option.servings)}</dd>
        {saved > 0 && (
          <>
            <dt className="text-muted">You save</dt>
            <dd className="font-semibold text-sale">{formatMoney(saved)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
