import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

test("a shopper browses from home to a product, fills the bag, changes a quantity and removes a line", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Drinkable Nutrition. Look Better Feel Better.");

  await page
    .getByRole("main")
    .getByRole("link", { name: /Luna Collagen/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/shop\/luna-collagen$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Luna Collagen");

  await page.getByRole("link", { name: "Luna Collagen Nectar, 8-serving box" }).click();
  await expect(page).toHaveURL(/\/shop\/luna-collagen\/m8$/);
  await expect(page).toHaveTitle("Luna Collagen Nectar, 8-serving box | Nectar Lab");

  await page.getByRole("button", { name: "Lychee Luxe" }).click();
  await page.getByRole("radio", { name: /2 Boxes/ }).check();
  const priceBlock = page.getByTestId("price-block");
  await expect(priceBlock).toContainText("S$68.90");
  await expect(priceBlock).toContainText("S$34.45");
  await expect(priceBlock).toContainText("16 servings");
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
  await expect(page.getByRole("link", { name: "Bag, 1 item" })).toBeVisible();

  await page.getByRole("button", { name: "Berries Acai" }).click();
  await page.getByRole("radio", { name: /1 Box/ }).check();
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("link", { name: "Bag, 2 items" })).toBeVisible();

  await page.getByRole("link", { name: "Bag, 2 items" }).click();
  await expect(page).toHaveURL(/\/bag$/);
  const lines = page.getByTestId("bag-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText("Lychee Luxe");
  await expect(lines.nth(0)).toContainText("S$68.90");
  await expect(lines.nth(1)).toContainText("Berries Acai");
  await expect(page.getByTestId("bag-subtotal")).toHaveText("S$107.90");
  // The two flavours' three boxes together cost the three-box price.
  await expect(page.getByTestId("quantity-saving")).toHaveText(
    "Luna Collagen Nectar, 8-serving box: 3 boxes together: you save S$6.50. One more box, any flavour, saves S$2.60 more.",
  );
  await expect(page.getByTestId("checkout-quantity-saving")).toHaveText("-S$6.50");
  await expect(page.getByTestId("bag-shipping")).toHaveText("Free");
  await expect(page.getByTestId("bag-total")).toHaveText("S$101.40");
  await expectAccessibleAtBothWidths(page, "bag-quantity-saving");

  await page.getByRole("button", { name: "One more Luna Collagen Nectar, 8-serving box, Berries Acai" }).click();
  await expect(page.getByTestId("bag-subtotal")).toHaveText("S$146.90");
  await expect(page.getByTestId("bag-total")).toHaveText("S$137.80");
  await page.getByLabel("Quantity of Luna Collagen Nectar, 8-serving box, Lychee Luxe").fill("3");
  await page.getByRole("button", { name: "Update" }).first().click();
  await expect(page.getByTestId("bag-subtotal")).toHaveText("S$284.70");
  await expect(page.getByTestId("bag-total")).toHaveText("S$271.70");

  await page.getByRole("button", { name: "Remove Luna Collagen Nectar, 8-serving box, Lychee Luxe" }).click();
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId("bag-subtotal")).toHaveText("S$78.00");

  await page.reload();
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId("bag-total")).toHaveText("S$68.90");
});

test("an unknown address shows the 404 text with status 404", async ({ page }) => {
  const response = await page.goto("/this/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL("/404?path=%2Fthis%2Fdoes-not-exist");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /this/does-not-exist");
  await expect(page).toHaveTitle("404 - Page not found: /this/does-not-exist | Nectar Lab");
  await page.getByRole("link", { name: "Browse the shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("a listing shows its products and a bundle page is one click away", async ({ page }) => {
  await page.goto("/shop/sale");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bundles & savings");
  // Today's catalogue fits on one page, so no pager is shown.
  await expect(page.getByRole("navigation", { name: "Bundle pages" })).toHaveCount(0);
  await page.getByRole("link", { name: "Choose Luna Collagen Glow Collection" }).click();
  await expect(page).toHaveURL(/\/shop\/luna-collagen\/mbndl5$/);
});

test("a shopper reaches every series and the sale page from the navigation", async ({ page }) => {
  await page.goto("/shop");
  const destinations: [string, string][] = [
    ["V5 Vitality", "V5 Vitality"],
    ["Joffee", "Joffee"],
    ["Lean Up Calorie Burning", "Lean Up Calorie Burning"],
    ["Bundles & sale", "Bundles & savings"],
  ];
  for (const [name, heading] of destinations) {
    await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a shopper adds to the bag, changes the quantity and sees each message, and a reload posts nothing again", async ({
    page,
  }) => {
    await page.goto("/shop/luna-collagen/m8");
    await page
      .getByRole("radio", { name: /^2 Boxes/ })
      .first()
      .check();
    await page.getByRole("button", { name: "Add to bag" }).click();
    await expect(page).toHaveURL(/\/bag\?done=added$/);
    await expect(page.getByRole("status")).toHaveText("Added to your bag.");
    await expect(page.getByTestId("bag-subtotal")).toHaveText("S$68.90");

    await page.getByLabel("Quantity of Luna Collagen Nectar, 8-serving box, Berries Acai").fill("2");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(/\/bag\?done=updated$/);
    await expect(page.getByRole("status")).toHaveText("Quantity updated.");
    await expect(page.getByTestId("bag-subtotal")).toHaveText("S$137.80");
    await page.reload();
    await expect(page.getByTestId("bag-subtotal")).toHaveText("S$137.80");
  });

  test("a shopper picks a flavour and gets that flavour in the bag", async ({ page }) => {
    await page.goto("/shop/luna-collagen/m8");
    await page.getByRole("button", { name: "Lychee Luxe", exact: true }).click();
    await expect(page.getByRole("button", { name: "Lychee Luxe", exact: true })).toHaveAttribute("aria-pressed", "true");
    await page
      .getByRole("radio", { name: /^1 Box/ })
      .first()
      .check();
    await page.getByRole("button", { name: "Add to bag" }).click();
    await expect(page).toHaveURL(/\/bag\?done=added$/);
    await expect(page.getByLabel("Quantity of Luna Collagen Nectar, 8-serving box, Lychee Luxe")).toHaveValue("1");
  });
});
