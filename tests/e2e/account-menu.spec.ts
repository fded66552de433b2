import type { Locator, Page } from "@playwright/test";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes } from "./guest-order.ts";
import { continueAtProvider, newIdentity, signIn } from "./sign-in.ts";

const PRODUCT = "/shop/joffee/j4";
const PHONE = { width: 390, height: 844 };

const accountButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Account" });
const accountMenu = (page: Page) => page.getByRole("banner").getByRole("list", { name: "Your account" });

/** How many lines an element's text takes: one box per line it wraps onto. */
const linesOf = (element: Locator) => element.evaluate((node) => node.getClientRects().length);

test("a member opens their places from the header's Account, by pointer and by keyboard, and signs out there", async ({
  page,
}) => {
  await signIn(page, newIdentity("Google", "Chua Mei Xin"), PRODUCT);
  const button = accountButton(page);
  const menu = accountMenu(page);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeHidden();

  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  for (const [name, path] of [
    ["Your account", "/member"],
    ["Earn points", "/member/earn-points"],
    ["Orders", "/order"],
    ["Subscriptions", "/member/subscriptions"],
    ["Account settings", "/member/account"],
  ] as const) {
    await expect(menu.getByRole("link", { name })).toHaveAttribute("href", path);
  }
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "account-menu-open");

  // Escape closes it and gives the focus back; the list follows the button in the tab order.
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Your account" })).toBeFocused();
  for (let step = 0; step < 5; step++) await page.keyboard.press("Tab");
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeFocused();
  // Past its last entry the focus moves on to the bag, and the menu closes behind it.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: /^Bag, / })).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  await button.click();
  await menu.getByRole("link", { name: "Account settings" }).click();
  await expect(page).toHaveURL("/member/account");
  await expect(accountMenu(page)).toBeHidden();

  // A click elsewhere closes it too.
  await button.click();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  await button.click();
  await menu.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/member");
  await expect(page).toHaveURL("/member/login?redirect=%2Fmember");
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the member page's first screen offers earning points, account settings and signing out", async ({ page }) => {
    await signIn(page, newIdentity("Google", "Nur Aisyah Binte Abdullah"));
    const places = page.getByRole("navigation", { name: "Member" });
    for (const place of [
      places.getByRole("link", { name: "Earn points" }),
      places.getByRole("link", { name: "Account settings" }),
      places.getByRole("button", { name: "Sign out" }),
    ]) {
      await expect(place).toBeInViewport();
      expect(await linesOf(place)).toBe(1);
    }
    expect(await linesOf(page.getByText(/^Member since/).locator("span"))).toBe(1);

    // The header's menu fits the phone's width.
    await accountButton(page).click();
    const box = await accountMenu(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  });

  test("the checkout's steps stay on one row and the delivery dates keep whole", async ({ page }) => {
    await addLycheeBoxes(page);
    await page.goto("/checkout/summary");
    const steps = page.getByRole("navigation", { name: "Checkout steps" }).getByRole("listitem");
    await expect(steps).toHaveCount(4);
    const tops = await steps.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    await expect(steps.first()).toHaveAttribute("aria-current", "step");
    const dates = page.getByTestId("summary-delivery").locator("span");
    await expect(dates).toHaveCount(2);
    for (const date of await dates.all()) expect(await linesOf(date)).toBe(1);
  });
});

test("without JavaScript a member's Account is a link to the member page, where signing out works", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const member = newIdentity("Facebook", "Arjun Menon");
  await page.goto("/member/login?redirect=%2Fmember");
  await page.getByRole("button", { name: "Continue with Facebook" }).click();
  await continueAtProvider(page, member);
  await expect(page).toHaveURL("/member");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/member");
  await expect(header.getByRole("button", { name: "Account" })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Member" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Signing you out…" })).toBeVisible();
  await page.goto("/member");
  await expect(page).toHaveURL("/member/login?redirect=%2Fmember");
  await context.close();
});
