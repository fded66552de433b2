import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { layoutShifts } from "./layout-shift.ts";
import { newIdentity, signIn } from "./sign-in.ts";

const PRODUCT = "/shop/joffee/j4";

/** Loads a page until it comes from the page cache, as most visitors get it. */
async function openCached(page: Page, path: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await page.goto(path);
    if (response?.headers()["x-page-cache"] === "hit") return;
  }
  throw new Error(`${path} never came from the page cache`);
}

test("a shopper's bag count shows on cached pages, in place, and follows every change without a reload", async ({ page }) => {
  await page.goto(PRODUCT);
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
  await expect(page.getByRole("link", { name: "Bag, 1 item" })).toBeVisible();

  await openCached(page, PRODUCT);
  await expect(page.getByRole("link", { name: "Bag, 1 item" })).toBeVisible();
  await expect(page.getByTestId("bag-count")).toHaveText("1");
  expect(await layoutShifts(page)).toEqual([]);

  // Client navigation to another cached page, then a second add.
  await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Shop all" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("link", { name: "Bag, 1 item" })).toBeVisible();
  await page.goto(PRODUCT);
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("link", { name: "Bag, 2 items" })).toBeVisible();
});

test("a member sees Account on cached pages", async ({ page }) => {
  await signIn(page, newIdentity("Google"), PRODUCT);
  await openCached(page, PRODUCT);
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Account" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Bag, 0 item" })).toBeVisible();
  expect(await layoutShifts(page)).toEqual([]);
});

test("without JavaScript a shopper still fills the bag, and the bag page shows the count", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(PRODUCT);
  await expect(page.getByRole("link", { name: "Bag", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page).toHaveURL(/\/bag\?done=added$/);
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
  // The bag page is rendered for this visitor alone, so its header has the count.
  await expect(page.getByRole("link", { name: "Bag, 1 item" })).toBeVisible();
  await expect(page.getByTestId("bag-line")).toHaveCount(1);
  await page.goto(PRODUCT);
  await expect(page.getByRole("link", { name: "Bag", exact: true })).toBeVisible();
  await context.close();
});
