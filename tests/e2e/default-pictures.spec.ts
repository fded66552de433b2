import type { Locator } from "@playwright/test";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { layoutShifts } from "./layout-shift.ts";

/** A product page of each kind, none with photos: each shows its default picture. */
const PRODUCTS = [
  { kind: "box", page: "/shop/luna-collagen/m8", alt: "A box of Luna Collagen in Berries Acai, with three of its sachets" },
  { kind: "shots", page: "/shop/v5-vitality/vs8", alt: "A box of V5 Vitality shots in Citrus Zing, with seven of its bottles" },
  { kind: "pouch", page: "/shop/luna-collagen/mpu", alt: "A stand-up pouch of Luna Collagen in Berries Acai" },
  { kind: "bundle", page: "/shop/lean-up-calorie-burning/lbndl4", alt: /^4 boxes of Lean Up Calorie Burning in / },
] as const;

/** The picture arrived, in the format the browser reads best. */
async function expectLoaded(picture: Locator) {
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
    .toBe(true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/photos\/[0-9a-f]{16}-\d+\.avif$/);
}

test("products without photos show their default pictures in the listing and on their pages", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/shop/luna-collagen");
  const cards = page.getByRole("article");
  await expect(cards.first().getByRole("img")).toHaveAccessibleName(
    "A box of Luna Collagen in Berries Acai, with three of its sachets",
  );
  await expectLoaded(cards.first().getByRole("img"));
  expect(await layoutShifts(page)).toEqual([]);
  await expectAccessibleAtBothWidths(page, "listing-default-pictures");
  for (const [path, name] of [
    ["/", "home-default-pictures"],
    ["/shop/sale", "sale-default-pictures"],
  ] as const) {
    await page.goto(path);
    await expectAccessibleAtBothWidths(page, name);
  }

  // Each page opens at the device's own size, not the width the last accessibility check left.
  const deviceSize = page.viewportSize();
  for (const product of PRODUCTS) {
    if (deviceSize) await page.setViewportSize(deviceSize);
    await page.goto(product.page);
    const picture = page.getByTestId("main-photo").getByRole("img");
    await expect(picture, product.kind).toHaveAccessibleName(product.alt);
    await expect(picture).toHaveAttribute("fetchpriority", "high");
    await expectLoaded(picture);
    expect(await layoutShifts(page)).toEqual([]);
    await expectAccessibleAtBothWidths(page, `product-default-picture-${product.kind}`);
  }
});
