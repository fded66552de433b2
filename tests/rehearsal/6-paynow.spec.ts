import { expect, test } from "../e2e/fixtures.ts";
import { addLycheeBoxes, SHIPPING } from "../e2e/guest-order.ts";
import { emailsAbout, rehearsal, staffSignsIn } from "./rehearsal.ts";

test.describe.configure({ mode: "serial" });

test("the owner turns PayNow on for checkouts", async ({ page }) => {
  await staffSignsIn(page);
  await page.goto("/admin/payments");
  await page.getByRole("checkbox", { name: "PayNow" }).check();
  await page.getByRole("button", { name: "Save payment methods" }).click();
  await expect(page.getByRole("status")).toContainText("Payment methods saved.");
});

test("a guest pays by PayNow: the shop waits for the payment, then places the order and emails it", async ({ page }) => {
  await addLycheeBoxes(page);
  await page.goto("/checkout/shipping");
  await page.getByLabel("Full name").fill(SHIPPING.name);
  await page.getByLabel("Email", { exact: true }).fill("paynow.guest@example.com");
  await page.getByLabel("Mobile number").fill("9345 6789");
  await page.getByLabel("Address", { exact: true }).fill(SHIPPING.address);
  await page.getByLabel("Postal code").fill(SHIPPING.postalCode);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByRole("button", { name: "Pay with PayNow" }).click();
  await expect(page).toHaveURL(new RegExp(`^${rehearsal.shopUrl}/checkout/complete/cs_test_`));
  await expect(page.getByRole("heading", { name: "Waiting for your PayNow payment" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("paynow-waiting.png"), fullPage: true });

  // The shopper's bank app pays the code; Stripe tells the shop by checkout.session.async_payment_succeeded.
  const sessionId = new URL(page.url()).pathname.split("/").at(-1);
  const paid = await page.request.post(`${rehearsal.stripeUrl}/c/paynow/${sessionId}/pay`);
  expect(paid.status()).toBe(200);
  await expect(page.getByRole("heading", { name: `Thank you, ${SHIPPING.name}!` })).toBeVisible({ timeout: 30_000 });
  const invoiceId = (await page.getByTestId("invoice-id").textContent()) ?? "";

  const confirmation = `Thank you for your order ${invoiceId}, paid on`;
  await expect.poll(async () => (await emailsAbout(confirmation)).length, { timeout: 30_000 }).toBe(1);
  expect((await emailsAbout(confirmation))[0]).toContain("Paid by PayNow.");
});
