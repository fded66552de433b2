import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes, payWithTestCard } from "./guest-order.ts";
import { newIdentity, signIn } from "./sign-in.ts";

const PAGES = [
  "/",
  "/shop",
  "/shop/sale",
  "/shop/luna-collagen",
  "/shop/luna-collagen/m8",
  "/shop/lean-up-calorie-burning/lmt",
  "/bag",
  "/order",
  "/member/login",
  "/no-such-page",
];

for (const path of PAGES) {
  test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolations(page, path);
  });
}

test("the checkout steps have no WCAG 2.2 AA violations", async ({ page }) => {
  await page.goto("/shop/joffee/j4");
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
  for (const path of ["/checkout/summary", "/checkout/shipping"]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});

test("the member pages have no WCAG 2.2 AA violations", async ({ page }) => {
  await signIn(page, newIdentity("Google"));
  for (const path of ["/member", "/member/account"]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});

test("an order's pages, with a discount, have no WCAG 2.2 AA violations", async ({ page }) => {
  await addLycheeBoxes(page);
  await page.goto("/checkout/summary");
  await page.getByLabel("Promotion code").fill("welcome10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Discount (WELCOME10)")).toBeVisible();
  await payWithTestCard(page, "9123 4567");
  const invoiceId = (await page.getByTestId("invoice-id").textContent()) ?? "";
  for (const path of [null, `/order/${invoiceId}`, `/order-details/${invoiceId}`]) {
    if (path) await page.goto(path);
    await expect(page.getByText("Discount (WELCOME10)")).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
