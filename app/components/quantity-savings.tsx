import type { QuantitySaving } from "../../domain/bag/quantity-prices.ts";
import { quantitySavingText } from "../../domain/bag/quantity-prices.ts";

/** What each product's boxes save bought together, and what one more box would add. */
export function QuantitySavings({ savings }: { savings: QuantitySaving[] }) {
  const shown = savings.filter((saving) => saving.savingCents > 0 || saving.oneMoreBoxSavesCents > 0);
  if (shown.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Quantity savings">
      {shown.map((saving) => (
        <li
          key={`${saving.productId}:${saving.boxes}:${saving.savingCents}:${saving.oneMoreBoxSavesCents}`}
          data-testid="quantity-saving"
          className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900"
        >
          <span className="font-semibold">{saving.productName}</span>: {quantitySavingText(saving)}
        </li>
      ))}
    </ul>
  );
}
