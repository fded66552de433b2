import { describe, expect, it } from "vitest";
import { pageMeta } from "../../app/lib/page-meta.ts";
import { documentTitle, errorTitle, titleFromPath } from "../../app/lib/page-title.ts";

describe("page titles", () => {
  it("derives a title from the last path segment with each word capitalised", () => {
    expect(titleFromPath("/shop/lean-up-calorie-burning")).toBe("Lean Up Calorie Burning");
    expect(titleFromPath("/shop/sale/")).toBe("Sale");
    expect(titleFromPath("/member/earn-points")).toBe("Earn Points");
    expect(titleFromPath("/")).toBe("");
  });

  it("joins with the | separator and formats errors as {status} - {message}", () => {
    expect(documentTitle("Shop", "Nectar Lab")).toBe("Shop | Nectar Lab");
    expect(errorTitle(404, "Page not found: /x")).toBe("404 - Page not found: /x");
  });

  it("prefers the page's own title and takes the brand from the root data", () => {
    const matches = [{ id: "root", loaderData: { brandName: "Acme" } }];
    expect(pageMeta({ matches, location: { pathname: "/shop/joffee/j4" } }, "Joffee box")[0]).toEqual({
      title: "Joffee box | Acme",
    });
    expect(pageMeta({ matches, location: { pathname: "/shop/joffee" } })[0]).toEqual({ title: "Joffee | Acme" });
  });
});
