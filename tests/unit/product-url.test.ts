import { describe, expect, it } from "vitest";
import { parseProductPath, productPath } from "../../domain/catalog/product-url.ts";
import { SERIES, seriesSlug } from "../../domain/catalog/series.ts";

describe("product addresses", () => {
  it("derives series slugs from name and function", () => {
    expect(SERIES.map(seriesSlug)).toEqual(["luna-collagen", "v5-vitality", "joffee", "lean-up-calorie-burning"]);
  });

  it("builds /shop/{series-name}[-{function}]/{productId}", () => {
    expect(productPath({ id: "m8", seriesCode: "m" })).toBe("/shop/luna-collagen/m8");
    expect(productPath({ id: "j4", seriesCode: "j" })).toBe("/shop/joffee/j4");
    expect(productPath({ id: "lbndl4", seriesCode: "l" })).toBe("/shop/lean-up-calorie-burning/lbndl4");
  });

  it("reads an address back into its series and product", () => {
    for (const series of SERIES) {
      const path = productPath({ id: "abc12", seriesCode: series.code });
      expect(parseProductPath(path)).toEqual({ series, productId: "abc12" });
      expect(parseProductPath(`${path}/`)).toEqual({ series, productId: "abc12" });
    }
  });

  it("refuses unknown series, malformed ids and other paths", () => {
    expect(parseProductPath("/shop/luna/m8")).toBeNull();
    expect(parseProductPath("/shop/luna-collagen/M8")).toBeNull();
    expect(parseProductPath("/shop/luna-collagen/m8!")).toBeNull();
    expect(parseProductPath("/shop/luna-collagen")).toBeNull();
    expect(parseProductPath("/bag")).toBeNull();
  });

  it("throws for a series code that does not exist", () => {
    expect(() => productPath({ id: "x1", seriesCode: "z" })).toThrow(/Unknown series code/);
  });
});
