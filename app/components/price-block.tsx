import { servingsLabel } from "../../domain/catalog/servings.ts";
import type { PurchaseOption } from "../../domain/catalog/types.ts";
import { formatMoney } from "../../kernel/money.ts";
import { pricePerServingCents, pricePerUnitCents, unitCount, unitWord } from "../lib/product-display.ts";

/** What a price block shows of an option. */
export type PricedOption = Pick<PurchaseOption, "optionId" | "optionPriceCents" | "servings" | "savingCents">;

export function PriceBlock({ option }: { option: PricedOption }) {
  const units = unitCount(option);
  const saved = option.savingCents;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl bg-slate-50 px-4 py-3"
      data-testid="price-block"
    >
      <p className="text-2xl font-extrabold text-brand-900 md:text-3xl">{formatMoney(option.optionPriceCents)}</p>
      <dl className="grid grid-cols-[auto_auto] gap-x-4 text-sm">
        <dt className="text-muted">Per {unitWord(option)}</dt>
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
