import { randomInt } from "node:crypto";
import { SINGAPORE_OFFSET_MS } from "./singapore-time.ts";

/**
 * Order codes (invoice ids): 8 characters from 0-9A-Z.
 *
 * New codes: year digit, month character, 5 random characters, then an ISO/IEC 7064 MOD 37,36 check
 * character. MOD 37,36 is used because it catches the two commonest mistakes when a code is typed or
 * read out: it detects every single-character substitution and nearly every transposition of two
 * adjacent characters (ISO says "all or nearly all": 1 swap in 630 slips through, when the two running
 * sums at that point are 18 and 19).
 *
 * Legacy codes (still valid, never generated): 3 leading digits, characters 2-3 a month 01-12.
 */

export type OrderCodeKind = "new" | "legacy";

/** Returns an integer in [0, maxExclusive). */
export type RandomSource = (maxExclusive: number) => number;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const M = ALPHABET.length; // 36
const MONTH_CHARS = "1234567890AB"; // Jan..Sep = 1..9, Oct = 0, Nov = A, Dec = B

const NEW_CODE = /^[0-9A-Z][0-9AB][0-9A-Z]{6}$/;
const LEGACY_CODE = /^[0-9](?:0[1-9]|1[0-2])[0-9A-Z]{5}$/;

/** Trims and upper-cases an invoice id as typed by a person. */
export function normalizeInvoiceId(input: string): string {
  return input.trim().toUpperCase();
}

/** The ISO/IEC 7064 MOD 37,36 (hybrid system, M = 36) check character for a body of 0-9A-Z characters. */
export function mod3736CheckCharacter(body: string): string {
  let p = M;
  for (const char of body) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) throw new RangeError(`Not an order code character: ${JSON.stringify(char)}`);
    const s = (p + value) % M || M;
    p = (2 * s) % (M + 1);
  }
  return ALPHABET.charAt((M + 1 - p) % M);
}

/** A new order code for the Singapore-time year and month of `at`. */
export function generateOrderCode(at: Date, random: RandomSource = randomInt): string {
  const time = at.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid date for an order code");
  const singapore = new Date(time + SINGAPORE_OFFSET_MS);
  const yearDigit = Math.abs(singapore.getUTCFullYear() % 10);
  let body = `${yearDigit}${MONTH_CHARS.charAt(singapore.getUTCMonth())}`;
  for (let i = 0; i < 5; i++) {
    const value = random(M);
    if (!Number.isInteger(value) || value < 0 || value >= M) throw new RangeError(`Random source returned ${value}`);
    body += ALPHABET.charAt(value);
  }
  return body + mod3736CheckCharacter(body);
}

/** Which rule makes an (already normalized) code valid; null when it is not a valid order code. */
export function describeOrderCode(code: string): { kind: OrderCodeKind } | null {
  if (NEW_CODE.test(code) && mod3736CheckCharacter(code.slice(0, 7)) === code.charAt(7)) return { kind: "new" };
  if (LEGACY_CODE.test(code)) return { kind: "legacy" };
  return null;
}

/** True for a valid new or legacy code; expects a normalized code (see normalizeInvoiceId). */
export function isValidOrderCode(code: string): boolean {
  return describeOrderCode(code) !== null;
}
