/**
 * A number as Singapore writes it (`en-SG`): thousands grouped by commas, at most `maxFractionDigits`
 * decimals, none trailing. Written out rather than through `Intl`: the first `Intl` call in a page
 * loads the locale's data, which costs a phone more than hydrating the rest of the page.
 */
export function formatNumber(value: number, maxFractionDigits = 3): string {
  const scale = 10 ** maxFractionDigits;
  const rounded = Math.round(Math.abs(value) * scale) / scale;
  const [whole = "0", fraction] = String(rounded).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = value < 0 && rounded !== 0 ? "-" : "";
  return fraction ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}
