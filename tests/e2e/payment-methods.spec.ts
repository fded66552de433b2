import type { Page } from "@playwright/test";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { closeOwnShop } from "./own-shop.ts";

test.describe("paying by PayNow, GrabPay and wallets on the test provider", () => {
  test.describe.configure({ mode: "serial" });
  let shop: TestServer;
  const at = (path: string) => `${shop.baseUrl}${path}`;

  test.beforeAll(async () => {
    // A shop of its own: the owner's switches here change no other journey's checkout.
    test.setTimeout(120_000);
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  test.afterAll(() => closeOwnShop(shop));

  /** One box in the bag, the shipping form filled: the test provider's page. */
  async function checkOut(page: Page) {
    await page.goto(at("/shop/luna-collagen/m8"));
    await page.getByRole("button", { name: "Lychee Luxe", exact: true }).click();
    await page.getByRole("radio", { name: /1 Box/ }).check();
    await page.getByRole("button", { name: "Add to bag" }).click();
    await expect(page.getByRole("status")).toContainText("Added to your bag.");
    await page.goto(at("/checkout/shipping"));
    await page.getByLabel("Full name").fill("Tan Mei Ling");
    await page.getByLabel("Email", { exact: true }).fill("mei@example.com");
    await page.getByLabel("Mobile number").fill("9123 4567");
    await page.getByLabel("Address", { exact: true }).fill("Blk 123 Tampines St 11, #04-56");
    await page.getByLabel("Postal code").fill("521123");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByText("Test payment provider")).toBeVisible();
  }

  test("the owner turns PayNow, GrabPay and the wallets on", async ({ page }) => {
    await page.goto(at("/admin/login"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Payment methods" }).click();
    await expect(page.getByRole("checkbox", { name: "Cards" })).toBeDisabled();
    await page.getByRole("checkbox", { name: "PayNow" }).check();
    await page.getByRole("checkbox", { name: "GrabPay" }).check();
    await page.getByRole("checkbox", { name: "Apple Pay" }).check();
    await page.getByRole("checkbox", { name: "Google Pay" }).check();
    await page.getByRole("button", { name: "Save payment methods" }).click();
    await expect(page.getByRole("status")).toContainText("Payment methods saved.");
    await expectAccessibleAtBothWidths(page, "admin-payments");
  });

  test("a shopper pays by PayNow: the QR code, the completion page waiting, then the order", async ({ page, context }) => {
    await checkOut(page);
    await page.getByRole("navigation", { name: "Payment method" }).getByRole("link", { name: "PayNow" }).click();
    await page.getByRole("button", { name: "Show the PayNow QR code" }).click();
    await expect(page.getByRole("img", { name: "PayNow QR code" })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "test-payment-paynow");
    const payPage = page.url();

    await page.getByRole("link", { name: "Back to the shop while the payment is on its way" }).click();
    await expect(page.getByRole("heading", { name: "Waiting for your PayNow payment" })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "checkout-waiting");

    // The shopper's bank app pays; the waiting page, left open, reads itself again and shows the order.
    const bank = await context.newPage();
    await bank.goto(payPage);
    await bank.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(bank.getByRole("heading", { name: "Thank you, Tan Mei Ling!" })).toBeVisible();
    await bank.close();
    await expect(page.getByRole("heading", { name: "Thank you, Tan Mei Ling!" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("paid-by")).toHaveText("PayNow");
  });

  test("a PayNow code left to expire keeps the bag and says so", async ({ page }) => {
    await checkOut(page);
    await page.goto(`${page.url()}?method=paynow`);
    await page.getByRole("button", { name: "Show the PayNow QR code" }).click();
    await page.getByRole("button", { name: "Let it expire" }).click();
    await expect(
      page.getByText("This checkout expired before it was paid, so no order was placed. Your bag is kept."),
    ).toBeVisible();
    await page.goto(at("/bag"));
    await expect(page.getByLabel(/^Quantity of .*Lychee Luxe/)).toHaveValue("1");
  });

  test("a shopper pays with the Google Pay button", async ({ page }) => {
    await checkOut(page);
    await expectAccessibleAtBothWidths(page, "test-payment-methods");
    await page.getByRole("button", { name: "Pay with Google Pay" }).click();
    await expect(page.getByRole("heading", { name: "Thank you, Tan Mei Ling!" })).toBeVisible();
    await expect(page.getByTestId("paid-by")).toHaveText("Google Pay · Visa ·· 4242");
  });

  test("a shopper approves a payment in GrabPay", async ({ page }) => {
    await checkOut(page);
    await page.getByRole("navigation", { name: "Payment method" }).getByRole("link", { name: "GrabPay" }).click();
    await expectAccessibleAtBothWidths(page, "test-payment-grabpay");
    await page.getByRole("button", { name: "Approve in GrabPay" }).click();
    await expect(page.getByRole("heading", { name: "Thank you, Tan Mei Ling!" })).toBeVisible();
    await expect(page.getByTestId("paid-by")).toHaveText("GrabPay");
  });
});
