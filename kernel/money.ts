import { formatNumber } from "./number-format.ts";

/** Money is integer cents everywhere; this is the one place that converts and formats it. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

export function formatMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = formatNumber(Math.floor(abs / 100));
  return `${sign}S$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** Rounds half away from zero so a per-serving price is never shown a cent low. */
export function divideCents(cents: number, by: number): number {
  return Math.round(cents / by);
}
