import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { newIdentity, signIn } from "./sign-in.ts";

/** SHOTS_DIR=/some/folder keeps screenshots of the form's answers, as the member sees them, for a person to look at. */
async function keepShot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${test.info().project.name}-${name}.png` });
}

/** A guest buys one 8-serving box (S$39 of goods) and reads the invoice id off the confirmation. */
async function buyAsGuest(page: Page, mobile: string): Promise<string> {
  await page.goto("/shop/luna-collagen/m8");
  await page.getByRole("button", { name: "Lychee Luxe", exact: true }).click();
  await page.getByRole("radio", { name: /1 Box/ }).check();
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
  await page.goto("/checkout/shipping");
  await page.getByLabel("Full name").fill("Siti Rahmah");
  await page.getByLabel("Email", { exact: true }).fill("siti@example.com");
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel("Address").fill("10 Jurong West St 41, #05-12");
  await page.getByLabel("Postal code").fill("649413");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByRole("heading", { name: "Thank you, Siti Rahmah!" })).toBeVisible();
  return (await page.getByTestId("invoice-id").textContent()) ?? "";
}

test("a member claims a past guest order by invoice and mobile and sees its points", async ({ page, browser }) => {
  const guest = await browser.newPage();
  const invoiceId = await buyAsGuest(guest, "8123 4567");
  await guest.close();
  expect(invoiceId).toMatch(/^[0-9A-Z]{8}$/);

  await signIn(page, newIdentity("Google", "Siti Rahmah"));
  const form = page.getByRole("region", { name: "Claim a past order" });
  await expect(page.getByTestId("member-points")).toHaveText("50");

  await form.getByLabel("Invoice number").fill(invoiceId.toLowerCase());
  await expect(form.getByLabel("Invoice number")).toHaveCSS("text-transform", "uppercase");
  await form.getByLabel("Mobile number on the order").fill("9123 4567");
  await form.getByRole("button", { name: "Claim order" }).click();
  await expect(form.getByRole("alert")).toHaveText("We couldn't find an order with that invoice number and mobile number.");
  await expect(page.getByTestId("member-points")).toHaveText("50");
  await expect(form.getByRole("alert")).toBeInViewport();
  await keepShot(page, "claim-error");

  await form.getByLabel("Mobile number on the order").fill("+65 8123-4567");
  await form.getByRole("button", { name: "Claim order" }).click();
  await expect(form.getByRole("status")).toHaveText(
    `Order ${invoiceId} is on your membership: 39 points added and S$39.00 counted towards your spend.`,
  );
  await expect(form.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("member-points")).toHaveText("89");
  await expect(page.getByTestId("member-total-spent")).toHaveText("S$39.00");
  await expect(page.getByTestId("member-purchases")).toHaveText("1");
  await expect(page.getByTestId("point-history").getByRole("listitem").first()).toContainText("Ordered");
  await expect(page.getByTestId("member-orders")).toContainText(`Order ${invoiceId}`);
  await expect(form.getByLabel("Invoice number")).toHaveValue("");
  await expect(form.getByRole("status")).toBeInViewport();
  await keepShot(page, "claim-success");

  await form.getByLabel("Invoice number").fill(invoiceId);
  await form.getByLabel("Mobile number on the order").fill("81234567");
  await form.getByRole("button", { name: "Claim order" }).click();
  await expect(form.getByRole("alert")).toHaveText("You have already linked this order.");
});
