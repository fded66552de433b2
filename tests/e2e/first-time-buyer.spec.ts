import { expect, test } from "./fixtures.ts";

test("a first-time buyer reads the terms and the privacy policy from the footer, then comes back to shop", async ({ page }) => {
  await page.goto("/shop/joffee/j4");
  const footer = page.getByRole("contentinfo");

  await footer.getByRole("link", { name: "Terms and conditions" }).click();
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Terms and conditions/i);
  await expect(page.getByRole("main")).toContainText("GST");
  await expect(page.getByRole("main")).toContainText(/points/i);

  await footer.getByRole("link", { name: "Privacy policy" }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Privacy policy/i);
  await expect(page.getByRole("main")).toContainText("Personal Data Protection Act");
  await expect(page.getByRole("main")).toContainText(/Data Protection Officer/i);

  await page.goBack();
  await page.goBack();
  await expect(page.getByRole("button", { name: "Add to bag" })).toBeVisible();
});

test("the service bar leads to order tracking, help and contact", async ({ page }) => {
  await page.goto("/");
  const service = page.getByRole("navigation", { name: "Service", exact: true });
  await service.getByRole("link", { name: "Track an order" }).click();
  await expect(page).toHaveURL(/\/order$/);
  await service.getByRole("link", { name: "Help", exact: true }).click();
  await expect(page).toHaveURL(/\/help$/);
  await service.getByRole("link", { name: "Contact us" }).click();
  await expect(page.locator("#contact")).toBeInViewport();
});

test("on a phone every product line is in view in the header and the current one is marked", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/shop/lean-up-calorie-burning");
  const nav = page.getByRole("navigation", { name: "Shop" });
  for (const name of ["Shop all", "Luna Collagen", "V5 Vitality", "Joffee", "Lean Up Calorie Burning", "Bundles & sale"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  await expect(nav.getByRole("link", { name: "Lean Up Calorie Burning" })).toHaveAttribute("aria-current", "page");
});
