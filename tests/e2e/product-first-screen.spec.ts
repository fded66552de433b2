import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

/** Whether the element lies wholly inside the first screen, the page not scrolled. */
async function onFirstScreen(box: { y: number; height: number } | null) {
  expect(box).not.toBeNull();
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.y ?? PHONE.height) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
}

for (const path of ["/shop/luna-collagen/m8", "/shop/lean-up-calorie-burning/l8", "/shop/lean-up-calorie-burning/lbndl4"]) {
  test(`a phone's first screen of ${path} shows the price, the flavour, the option and Add to bag`, async ({ page }) => {
    await page.goto(path);
    // Nothing is wider than the phone: a wider page would be shown zoomed out.
    expect(await page.evaluate(() => [window.scrollY, document.documentElement.scrollWidth])).toEqual([0, PHONE.width]);
    await onFirstScreen(await page.getByTestId("price-block").boundingBox());
    await onFirstScreen(
      await page.getByRole("group", { name: "Choose an option" }).getByRole("radio", { checked: true }).boundingBox(),
    );
    await onFirstScreen(await page.getByRole("button", { name: "Add to bag" }).boundingBox());
    const pressed = page.getByRole("button", { pressed: true });
    if (!path.endsWith("lbndl4")) await onFirstScreen(await pressed.boundingBox());
  });
}

test("the product page stays accessible at a phone's and a laptop's width", async ({ page }) => {
  await page.goto("/shop/luna-collagen/m8");
  await expectAccessibleAtBothWidths(page, "product");
});
