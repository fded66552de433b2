import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

async function addToBag(page: Page, path: string, flavour: string | null, option: RegExp) {
  await page.goto(path);
  if (flavour) await page.getByRole("button", { name: flavour, exact: true }).click();
  await page.getByRole("radio", { name: option }).check();
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
}

async function fillShipping(page: Page) {
  await page.getByLabel("Full name").fill("Tan Mei Ling");
  await page.getByLabel("Email", { exact: true }).fill("mei@example.com");
  await page.getByLabel("Mobile number").fill("9123 4567");
  await page.getByLabel("Address", { exact: true }).fill("Blk 123 Tampines St 11, #04-56");
  await page.getByLabel("Postal code").fill("521123");
  await page.getByRole("button", { name: "Continue to payment" }).click();
}

test("a guest pays with 4242, sees the order, then finds it by invoice and mobile and downloads the PDF", async ({
  page,
  browser,
}) => {
  await addToBag(page, "/shop/luna-collagen/m8", "Lychee Luxe", /2 Boxes/);
  await addToBag(page, "/shop/joffee/j4", "Yuzu", /1 Box/);
  await page.goto("/bag");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page.getByTestId("checkout-total")).toHaveText("S$81.80");
  await page.getByRole("link", { name: "Continue to shipping" }).click();

  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Enter your 6-digit postal code.")).toBeVisible();
  await fillShipping(page);

  await expect(page.getByRole("heading", { name: "Pay S$81.80" })).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay S$81.80" }).click();

  await expect(page.getByRole("heading", { name: "Thank you, Tan Mei Ling!" })).toBeVisible();
  await expect(page.getByTestId("checkout-subtotal")).toHaveText("S$81.80");
  await expect(page.getByTestId("checkout-shipping")).toHaveText("Free");
  await expect(page.getByTestId("checkout-total")).toHaveText("S$81.80");
  await expect(page.getByTestId("delivery-window")).toHaveText(/^(Mon|Tue|Wed|Thu|Fri), \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  const invoiceId = (await page.getByTestId("invoice-id").textContent()) ?? "";
  expect(invoiceId).toMatch(/^[0-9A-Z]{8}$/);
  await page.reload();
  await expect(page.getByTestId("invoice-id")).toHaveText(invoiceId);

  const stranger = await browser.newPage();
  // Another browser is asked for the mobile number on the order, the invoice already filled in.
  await stranger.goto(`/order/${invoiceId}`);
  await expect(stranger.getByLabel("Invoice number")).toHaveValue(invoiceId);
  await stranger.getByLabel("Invoice number").fill(invoiceId.toLowerCase());
  await stranger.getByLabel("Mobile number").fill("8123 4567");
  await stranger.getByRole("button", { name: "Find order" }).click();
  await expect(stranger.getByRole("alert")).toHaveText("We couldn't find an order with that invoice number and mobile number.");
  await stranger.getByLabel("Mobile number").fill("+65 9123-4567");
  await stranger.getByRole("button", { name: "Find order" }).click();
  await expect(stranger.getByRole("heading", { name: `Invoice ${invoiceId}` })).toBeVisible();
  const [download] = await Promise.all([
    stranger.waitForEvent("download"),
    stranger.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${invoiceId}.pdf`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe("%PDF-");
  await stranger.close();
});

test("a declined card shows the reason, creates no order and keeps the bag", async ({ page }) => {
  await addToBag(page, "/shop/v5-vitality/vs8", "Citrus Zing", /1 Box/);
  await page.goto("/checkout/shipping");
  await fillShipping(page);
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await page.getByRole("link", { name: "Cancel and return to your bag" }).click();
  await expect(page.getByText("Payment was cancelled. Your bag is just as you left it.")).toBeVisible();
  await expect(page.getByTestId("checkout-total")).toHaveText("S$43.90");
});

test("a promotion code lowers the total and leaves excluded bundles undiscounted", async ({ page }) => {
  await addToBag(page, "/shop/luna-collagen/m8", "Berries Acai", /1 Box/);
  await addToBag(page, "/shop/lean-up-calorie-burning/lbndl4", null, /^4 Boxes S/);
  await page.goto("/checkout/summary");
  await expect(page.getByTestId("checkout-total")).toHaveText("S$156.60");
  await page.getByLabel("Promotion code").fill("newyear25");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("That promotion code has expired.")).toBeVisible();
  await page.getByLabel("Promotion code").fill("welcome10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("checkout-discount")).toHaveText("-S$3.90");
  await expect(page.getByTestId("checkout-total")).toHaveText("S$152.70");
});
