import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes } from "./guest-order.ts";
import { newIdentity, signIn } from "./sign-in.ts";

/** A box in the bag without the product page's scripts: the form post the page would send. */
async function bagWithOneBox(page: Page) {
  await page.goto("/");
  const added = await page.request.post("/bag", {
    form: { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
}

async function submitShippingWithTwoMistakes(page: Page) {
  await page.goto("/checkout/shipping");
  await page.getByLabel("Full name").fill("Tan Wei Ling");
  await page.getByLabel("Mobile number").fill("123");
  await page.getByRole("button", { name: "Continue to payment" }).click();
}

async function expectShippingErrorsLinked(page: Page) {
  const email = page.getByLabel("Email", { exact: true });
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Enter an email address like name@example.com.");
  const mobile = page.getByLabel("Mobile number");
  await expect(mobile).toHaveAttribute("aria-invalid", "true");
  await expect(mobile).toHaveAccessibleDescription(/A Singapore number, e\.g\. 9123 4567\s+Enter a Singapore mobile number/);
  await expect(page.getByLabel("Full name")).not.toHaveAttribute("aria-invalid");
}

async function lookUpAMissingOrder(page: Page) {
  await page.goto("/order");
  await page.getByLabel("Invoice number").fill("ZZZZ9999");
  await page.getByLabel("Mobile number").fill("9123 4567");
  await page.getByRole("button", { name: "Find order" }).click();
  const invoice = page.getByLabel("Invoice number");
  await expect(invoice).toBeFocused();
  await expect(invoice).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Mobile number")).toHaveAttribute("aria-invalid", "true");
  const message = (await page.getByRole("alert").textContent()) ?? "";
  expect(message).not.toBe("");
  await expect(invoice).toHaveAccessibleDescription(message);
}

test.describe("with JavaScript, focus moves to the first field in error", () => {
  test("checkout shipping", async ({ page }) => {
    await addLycheeBoxes(page);
    await submitShippingWithTwoMistakes(page);
    await expect(page.getByText("Enter an email address like name@example.com.")).toBeVisible();
    await expectShippingErrorsLinked(page);
    await expectNoAxeViolations(page);
  });

  test("promotion code", async ({ page }) => {
    await addLycheeBoxes(page);
    await page.goto("/checkout/summary");
    const code = page.getByLabel("Promotion code");
    await code.fill("NOSUCHCODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(code).toHaveAttribute("aria-invalid", "true");
    await expect(code).toBeFocused();
    await expect(code).toHaveAccessibleDescription(/./);
  });

  test("order lookup", async ({ page }) => {
    await lookUpAMissingOrder(page);
  });

  test("claim a past order", async ({ page }) => {
    await signIn(page, newIdentity("Google", "Chua Li Ting"));
    const form = page.getByRole("region", { name: "Claim a past order" });
    await form.getByLabel("Invoice number").fill("ZZZZ9999");
    await form.getByLabel("Mobile number on the order").fill("9123 4567");
    await form.getByRole("button", { name: "Claim order" }).click();
    const invoice = form.getByLabel("Invoice number");
    await expect(invoice).toBeFocused();
    await expect(invoice).toHaveAttribute("aria-invalid", "true");
    await expect(invoice).toHaveAccessibleDescription((await form.getByRole("alert").textContent()) ?? "");
  });
});

test.describe("without JavaScript, the re-rendered form focuses the first field in error", () => {
  test.use({ javaScriptEnabled: false });

  test("checkout shipping", async ({ page }) => {
    await bagWithOneBox(page);
    await submitShippingWithTwoMistakes(page);
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("autofocus", "");
    await expectShippingErrorsLinked(page);
  });

  test("order lookup", async ({ page }) => {
    await lookUpAMissingOrder(page);
    await expect(page.getByLabel("Invoice number")).toHaveAttribute("autofocus", "");
  });
});
