import { describe, expect, it } from "vitest";
import { formatNumber } from "../../kernel/number-format.ts";

const intl = (value: number, maxFractionDigits = 3) =>
  value.toLocaleString("en-SG", { maximumFractionDigits: maxFractionDigits });

describe("numbers as Singapore writes them", () => {
  it.each([0, 7, 999, 1000, 12_345, 100_000, 1_234_567, 99_999_999, -1, -1500, -1_234_567])(
    "groups the thousands of %i as en-SG does",
    (value) => {
      expect(formatNumber(value)).toBe(intl(value));
    },
  );

  it.each([
    [1.5, 3],
    [4.33333, 1],
    [4.96, 1],
    [1234.5678, 3],
    [0.0004, 3],
    [2, 1],
  ])("rounds %d to at most %i decimals without trailing zeros, as en-SG does", (value, digits) => {
    expect(formatNumber(value, digits)).toBe(intl(value, digits));
  });

  it("shows a negative amount that rounds to nothing as 0, not -0", () => {
    expect(formatNumber(-0.0004)).toBe("0");
  });

  it("says 4.3 out of 5 for a mean rating of 4.333…", () => {
    expect(formatNumber(13 / 3, 1)).toBe("4.3");
  });
});
