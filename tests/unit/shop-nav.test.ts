import { describe, expect, it } from "vitest";
import { currentShopLink } from "../../app/lib/series-nav.ts";

describe("the header's current shop link", () => {
  it.each([
    ["/shop", "/shop"],
    ["/shop/", "/shop"],
    ["/shop/luna-collagen", "/shop/luna-collagen"],
    ["/shop/luna-collagen/m8", "/shop/luna-collagen"],
    ["/shop/lean-up-calorie-burning/lmt", "/shop/lean-up-calorie-burning"],
    ["/Shop/Joffee", "/shop/joffee"],
    ["/shop/sale", "/shop/sale"],
    ["/shop/luna-collagen-x", null],
    ["/", null],
    ["/bag", null],
    ["/help/product/luna-collagen", null],
  ])("on %s is %s", (pathname, current) => {
    expect(currentShopLink(pathname)).toBe(current);
  });
});
