import { describe, expect, it } from "vitest";
import { parseProductPath, productPath } from "../../domain/catalog/product-url.ts";
import { SERIES, seriesSlug } from "../../kernel/series.ts";

const silent = {
  warn: (details: object, message: string) => {
    throw new Error(`unexpected warning: ${message} ${JSON.stringify(details)}`);
  },
};

describe("product addresses", () => {
  it("derives series slugs from name and function", () => {
    expect(SERIES.map(seriesSlug)).toEqual(["luna-collagen", "v5-vitality", "joffee", "lean-up-calorie-burning"]);
  });

  it("builds /shop/{series-name}[-{function}]/{productId}", () => {
    expect(productPath({ id: "m8", seriesCode: "m" }, silent)).toBe("/shop/luna-collagen/m8");
    expect(productPath({ id: "j4", seriesCode: "j" }, silent)).toBe("/shop/joffee/j4");
    expect(productPath({ id: "lbndl4", seriesCode: "l" }, silent)).toBe("/shop/lean-up-calorie-burning/lbndl4");
  });

  it("reads an address back into its series and product", () => {
    for (const series of SERIES) {
      const path = productPath({ id: "abc12", seriesCode: series.code }, silent);
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

  it("links a product of a series the shop does not know to /shop, with a warning", () => {
    const warnings: [object, string][] = [];
    expect(productPath({ id: "x1", seriesCode: "z" }, { warn: (details, message) => warnings.push([details, message]) })).toBe(
      "/shop",
    );
    expect(warnings).toEqual([[{ productId: "x1", seriesCode: "z" }, "product link for an unknown series goes to /shop"]]);
  });
});
