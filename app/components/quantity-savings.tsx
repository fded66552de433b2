import type { QuantitySaving } from "../../domain/bag/quantity-prices.ts";
import { quantitySavingText } from "../../domain/bag/quantity-prices.ts";

/** What the bag page shows of a product's boxes bought together, and so all of it that goes into its data. */
export function shownSaving({ productName, boxes, savingCents, oneMoreBoxSavesCents }: QuantitySaving) {
  return { productName, boxes, savingCents, oneMoreBoxSavesCents };
}

export type ShownSaving = ReturnType<typeof shownSaving>;

/** What each product's boxes save bought together, and what one more box would add. */
export function QuantitySavings({ savings }: { savings: ShownSaving[] }) {
  const shown = savings.filter((saving) => saving.savingCents > 0 || saving.oneMoreBoxSavesCents > 0);
  if (shown.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Quantity savings">
      {shown.map((saving) => (
        <li
          key={`${saving.productName}:${saving.boxes}:${saving.savingCents}:${saving.oneMoreBoxSavesCents}`}
          data-testid="quantity-saving"
          className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900"
        >
          <span className="font-semibold">{saving.productName}</span>: {quantitySavingText(saving)}
        </li>
      ))}
    </ul>
  );
}
