import type { Page } from "@playwright/test";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const freeDelivery = (page: Page) => page.getByTestId("free-delivery");

/** With `hydrated`, the add is the page's own (its confirmation shows in place) rather than a form post to the bag. */
async function addOneBox(page: Page, { hydrated = true } = {}) {
  await page.goto("/shop/luna-collagen/m8");
  if (hydrated) await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByRole("radio", { name: /1 Box/ }).check();
  await page.getByRole("button", { name: "Add to bag", exact: true }).click();
}

test("after an add, the bar shows how far free delivery is, and one tap on the offer in the bag makes it free", async ({
  page,
}) => {
  // Three pages checked at two widths each.
  test.setTimeout(120_000);
  await addOneBox(page);
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
  const bar = page.getByRole("progressbar", { name: "S$21.00 more for free delivery" });
  await expect(bar).toHaveAttribute("aria-valuetext", "S$39.00 of S$60.00");
  await expect(freeDelivery(page).getByTestId("free-delivery-offer")).toContainText("Ships free with");
  await expectAccessibleAtBothWidths(page, "product-free-delivery");

  await page.getByRole("link", { name: "View bag" }).click();
  await expect(page).toHaveURL(/\/bag$/);
  await expect(page.getByRole("progressbar", { name: "S$21.00 more for free delivery" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "bag-free-delivery");

  await freeDelivery(page)
    .getByRole("button", { name: /^Add .+ to bag$/ })
    .click();
  await expect(page.getByRole("status")).toHaveText("Added to your bag.");
  await expect(page.getByRole("progressbar", { name: "Your order ships free." })).toHaveAttribute("aria-valuenow", "100");
  await expect(freeDelivery(page).getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Bag, 2 items" })).toBeVisible();
  await expect(page.getByTestId("bag-shipping")).toHaveText("Free");
  await expectAccessibleAtBothWidths(page, "bag-free-delivery-reached");
});

test("the offer on the product page's confirmation adds in one tap there", async ({ page }) => {
  await addOneBox(page);
  await freeDelivery(page)
    .getByRole("button", { name: /^Add .+ to bag$/ })
    .click();
  await expect(page.getByRole("progressbar", { name: "Your order ships free." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Bag, 2 items" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an add lands on the bag with the bar, and the offer's form adds it there", async ({ page }) => {
    await addOneBox(page, { hydrated: false });
    await expect(page).toHaveURL(/\/bag\?done=added$/);
    await expect(page.getByRole("progressbar", { name: "S$21.00 more for free delivery" })).toBeVisible();
    await freeDelivery(page)
      .getByRole("button", { name: /^Add .+ to bag$/ })
      .click();
    await expect(page.getByRole("progressbar", { name: "Your order ships free." })).toBeVisible();
    await expect(page.getByTestId("bag-shipping")).toHaveText("Free");
  });
});
