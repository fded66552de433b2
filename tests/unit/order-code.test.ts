import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  describeOrderCode,
  generateOrderCode,
  isValidOrderCode,
  mod3736CheckCharacter,
  normalizeInvoiceId,
} from "../../kernel/order-code.ts";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LEGACY_SHAPE = /^[0-9](0[1-9]|1[0-2])[0-9A-Z]{5}$/;

/**
 * Independent reference: ISO/IEC 7064 verification runs the recurrence over the whole code, check
 * character included, and accepts when the last S is 1. The check character is found by trying all 36.
 */
function verifiesMod3736(code: string): boolean {
  const values = [...code].map((char) => ALPHABET.indexOf(char));
  let product = 36;
  for (const [index, value] of values.entries()) {
    let sum = (product + value) % 36;
    if (sum === 0) sum = 36;
    if (index === values.length - 1) return sum === 1;
    product = (sum * 2) % 37;
  }
  return false;
}

function referenceCheckCharacters(body: string): string[] {
  return [...ALPHABET].filter((candidate) => verifiesMod3736(body + candidate));
}

/** A random source that replays the given values (each already in range). */
function replay(values: number[]): (maxExclusive: number) => number {
  let next = 0;
  return (maxExclusive) => {
    expect(maxExclusive).toBe(36);
    return values[next++ % values.length] ?? 0;
  };
}

const body = fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 7, maxLength: 7 });
const generatedCode = fc
  .tuple(
    fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }),
    fc.array(fc.integer({ min: 0, max: 35 }), { minLength: 5, maxLength: 5 }),
  )
  .map(([at, values]) => generateOrderCode(at, replay(values)));

describe("mod3736CheckCharacter", () => {
  it("matches hand-computed vectors", () => {
    // "5A00000": values 5,10,0,0,0,0,0; P starts at 36.
    //   5: S = (36+5) mod 36 = 5,   P = 10 mod 37 = 10
    //   A: S = (10+10) mod 36 = 20, P = 40 mod 37 = 3
    //   0: S = 3,  P = 6
    //   0: S = 6,  P = 12
    //   0: S = 12, P = 24
    //   0: S = 24, P = 48 mod 37 = 11
    //   0: S = 11, P = 22
    //   c = (37 - 22) mod 36 = 15 = "F"; check: (22 + 15) mod 36 = 1.
    expect(mod3736CheckCharacter("5A00000")).toBe("F");
    // "0000000": first S = 36 mod 36 = 0, taken as 36, P = 72 mod 37 = 35;
    //   then S/P: 35/33, 33/29, 29/21, 21/5, 5/10, 10/20; c = (37 - 20) mod 36 = 17 = "H".
    expect(mod3736CheckCharacter("0000000")).toBe("H");
    // "ZZZZZZZ" (35 each): S/P: 35/33, 32/27, 26/15, 14/28, 27/17, 16/32, 31/25; c = 12 = "C".
    expect(mod3736CheckCharacter("ZZZZZZZ")).toBe("C");
  });

  it("agrees with an independent reference on 1000 random bodies", () => {
    fc.assert(
      fc.property(body, (value) => {
        expect(referenceCheckCharacters(value)).toEqual([mod3736CheckCharacter(value)]);
      }),
      { numRuns: 1000 },
    );
  });

  it("rejects characters outside 0-9A-Z", () => {
    expect(() => mod3736CheckCharacter("5a00000")).toThrow(RangeError);
    expect(() => mod3736CheckCharacter("5A-0000")).toThrow(RangeError);
  });
});

describe("generateOrderCode", () => {
  it.each([
    ["2025-11-03T00:00:00+08:00", "5A"],
    ["2025-10-31T17:30:00Z", "5A"], // 2025-11-01 01:30 in Singapore
    ["2025-10-31T15:59:59.999Z", "50"], // 2025-10-31 23:59 in Singapore
    ["2025-12-31T16:00:00Z", "61"], // 2026-01-01 00:00 in Singapore
    ["2029-09-15T12:00:00Z", "99"],
    ["2030-12-01T00:00:00+08:00", "0B"],
  ])("uses the Singapore year and month of %s", (iso, prefix) => {
    expect(generateOrderCode(new Date(iso), replay([0])).slice(0, 2)).toBe(prefix);
  });

  it("builds year, month, five random characters and the check character", () => {
    const at = new Date("2025-11-03T10:00:00+08:00");
    expect(generateOrderCode(at, replay([0]))).toBe("5A00000F");
    const code = generateOrderCode(at, replay([1, 2, 10, 35, 0]));
    expect(code.slice(0, 7)).toBe("5A12AZ0");
    expect(code.charAt(7)).toBe(mod3736CheckCharacter("5A12AZ0"));
  });

  it("uses crypto randomness by default", () => {
    const code = generateOrderCode(new Date("2025-11-03T10:00:00+08:00"));
    expect(code).toMatch(/^5A[0-9A-Z]{6}$/);
    expect(describeOrderCode(code)).toEqual({ kind: "new" });
  });

  it("refuses an invalid date or an out-of-range random value", () => {
    expect(() => generateOrderCode(new Date(Number.NaN), replay([0]))).toThrow(RangeError);
    expect(() => generateOrderCode(new Date(), () => 36)).toThrow(RangeError);
    expect(() => generateOrderCode(new Date(), () => -1)).toThrow(RangeError);
    expect(() => generateOrderCode(new Date(), () => 1.5)).toThrow(RangeError);
  });

  it("always produces a valid new code", () => {
    fc.assert(
      fc.property(generatedCode, (code) => {
        expect(code).toMatch(/^[0-9][0-9AB][0-9A-Z]{6}$/);
        expect(isValidOrderCode(code)).toBe(true);
        expect(describeOrderCode(code)).toEqual({ kind: "new" });
      }),
    );
  });
});

describe("error detection", () => {
  it("detects every single-character substitution (the result is valid only as a legacy code)", () => {
    fc.assert(
      fc.property(generatedCode, (code) => {
        for (let index = 0; index < 8; index++) {
          for (const char of ALPHABET) {
            if (char === code.charAt(index)) continue;
            const changed = code.slice(0, index) + char + code.slice(index + 1);
            expect(mod3736CheckCharacter(changed.slice(0, 7))).not.toBe(changed.charAt(7));
            expect(isValidOrderCode(changed)).toBe(LEGACY_SHAPE.test(changed));
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("a substitution can turn a new code into a valid legacy code", () => {
    const code = `50A0000${mod3736CheckCharacter("50A0000")}`;
    expect(describeOrderCode(code)).toEqual({ kind: "new" });
    const changed = `501${code.slice(3)}`;
    expect(mod3736CheckCharacter(changed.slice(0, 7))).not.toBe(changed.charAt(7));
    expect(describeOrderCode(changed)).toEqual({ kind: "legacy" });
  });

  // ISO/IEC 7064 promises "all or nearly all" transpositions, not all. Swapping a and b after the running
  // product P goes unnoticed exactly when the sums P + a and P + b (mod 36, 0 taken as 36) are 18 and 19:
  // a first gives P = 2*18 mod 37 = 36, then S = (36 + b) mod 36 = b; b first gives P = 2*19 mod 37 = 1,
  // then S = 1 + a. Both equal 19 - P (mod 36), so both orders reach the same state.
  it("misses exactly 1 in 630 adjacent transpositions, the 18/19 blind spot", () => {
    let undetected = 0;
    let total = 0;
    for (const first of ALPHABET) {
      for (const a of ALPHABET) {
        for (const b of ALPHABET) {
          if (a === b) continue;
          total++;
          const check = mod3736CheckCharacter(`${first}${a}${b}0000`);
          if (mod3736CheckCharacter(`${first}${b}${a}0000`) === check) undetected++;
        }
      }
    }
    expect([undetected, total]).toEqual([72, 45_360]);
    // A real pair: swapping "34" in one valid new code gives another valid new code.
    expect(describeOrderCode("014K340L")).toEqual({ kind: "new" });
    expect(describeOrderCode("014K430L")).toEqual({ kind: "new" });
  });

  it("detects every other transposition of two different adjacent characters", () => {
    fc.assert(
      fc.property(generatedCode, (code) => {
        let product = 36; // the running P before position index, computed independently
        for (let index = 0; index < 7; index++) {
          const [a, b] = [code.charAt(index), code.charAt(index + 1)];
          const sumOf = (char: string) => (product + ALPHABET.indexOf(char)) % 36 || 36;
          const [sumA, sumB] = [sumOf(a), sumOf(b)];
          product = (sumA * 2) % 37;
          if (a === b) continue;
          const blindSpot = Math.min(sumA, sumB) === 18 && Math.max(sumA, sumB) === 19;
          const swapped = code.slice(0, index) + b + a + code.slice(index + 2);
          expect(verifiesMod3736(swapped)).toBe(blindSpot);
          expect(mod3736CheckCharacter(swapped.slice(0, 7)) === swapped.charAt(7)).toBe(blindSpot);
          const stillNew = blindSpot && /^.[0-9AB]/.test(swapped);
          expect(isValidOrderCode(swapped)).toBe(stillNew || LEGACY_SHAPE.test(swapped));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("isValidOrderCode", () => {
  it.each(["101ABCDE", "312ZZZZZ", "01200000", "9110A1B2"])("accepts the legacy code %s", (code) => {
    expect(describeOrderCode(code)).toEqual({ kind: "legacy" });
    expect(isValidOrderCode(code)).toBe(true);
  });

  it("accepts new codes for every month character", () => {
    for (const month of "1234567890AB") {
      const code = `5${month}XYZ12${mod3736CheckCharacter(`5${month}XYZ12`)}`;
      expect(isValidOrderCode(code)).toBe(true);
    }
  });

  it.each([
    ["113ABCDE", "legacy month 13, and E is not the check character (H)"],
    ["100ABCDE", "legacy month 00, and E is not the check character (L)"],
    ["101abcde", "lower case before normalizing"],
    ["5a00000f", "lower case before normalizing"],
    [" 5A00000F", "untrimmed"],
    ["5A00000", "7 characters"],
    ["5A00000F0", "9 characters"],
    ["101ABCD", "7-character legacy"],
    ["101ABCDEF", "9-character legacy"],
    ["5A00-00F", "symbol"],
    ["101ABC-E", "symbol in a legacy code"],
    ["5A00000\uFF26", "full-width letter"],
    ["5A00000G", "wrong check character"],
    [`5C00000${mod3736CheckCharacter("5C00000")}`, "month character C"],
    ["", "empty"],
  ])("rejects %j (%s)", (code) => {
    expect(describeOrderCode(code)).toBeNull();
    expect(isValidOrderCode(code)).toBe(false);
  });

  it("accepts lower-case input once normalized", () => {
    expect(isValidOrderCode(normalizeInvoiceId("101abcde"))).toBe(true);
    expect(isValidOrderCode(normalizeInvoiceId(" 5a00000f\n"))).toBe(true);
  });
});

describe("normalizeInvoiceId", () => {
  it("trims and upper-cases", () => {
    expect(normalizeInvoiceId("  5a00000f\t")).toBe("5A00000F");
    expect(normalizeInvoiceId("101ABCDE")).toBe("101ABCDE");
    expect(normalizeInvoiceId("")).toBe("");
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const once = normalizeInvoiceId(value);
        expect(normalizeInvoiceId(once)).toBe(once);
      }),
    );
  });
});
