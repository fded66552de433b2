/** Dollars as a person types them ("12", "12.5", "S$12.50") as cents; NaN for anything else, which the operation refuses. */
export function centsFromDollars(text: string): number {
  const dollars = text.replace(/^S?\$/i, "").trim();
  return /^\d{1,7}(\.\d{1,2})?$/.test(dollars) ? Math.round(Number(dollars) * 100) : Number.NaN;
}

/** Cents as a price field shows them to be typed over: 39.00. */
export const dollarsText = (cents: number) => (cents / 100).toFixed(2);
