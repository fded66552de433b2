import { singaporeDate } from "../../kernel/singapore-time.ts";

/**
 * Singapore GST. Shop prices include it, so the GST in an amount is amount × rate / (100 + rate),
 * rounded to the cent (with a whole-number rate and cents it never lands on a half cent).
 * Rates by the Singapore date they apply from, newest first.
 */
const GST_RATES: readonly { from: string; percent: number }[] = [
  { from: "2024-01-01", percent: 9 },
  { from: "2023-01-01", percent: 8 },
  { from: "2007-07-01", percent: 7 },
];

/** The GST rate in percent for a supply at this moment (its Singapore date). */
export function gstRateOn(at: Date): number {
  const day = singaporeDate(at);
  return (GST_RATES.find((rate) => rate.from <= day) ?? GST_RATES[GST_RATES.length - 1])?.percent ?? 0;
}

/** The GST included in a GST-inclusive amount, and the rate it was worked out at. */
export function gstIncluded(inclusiveCents: number, at: Date): { percent: number; cents: number } {
  const percent = gstRateOn(at);
  return { percent, cents: Math.round((inclusiveCents * percent) / (100 + percent)) };
}

/**
 * IRAS GST registration numbers, checked loosely: a UEN (business 12345678A, company 200312345A,
 * other entities T09LL0001B) or a GST-only number (M90312345A, also written MR-8500002-1).
 */
const GST_REGISTRATION_NUMBER = /^(?:\d{8}[A-Z]|\d{9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z]|M[0-9A-Z]-?\d{7}-?[0-9A-Z])$/;

export function isGstRegistrationNumber(value: string): boolean {
  return GST_REGISTRATION_NUMBER.test(value);
}
