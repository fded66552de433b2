import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

export const SHIPPING = {
  name: "Siti Rahmah",
  email: "siti@example.com",
  address: "10 Jurong West St 41, #05-12",
  postalCode: "649413",
};

/** Puts Lychee Luxe 8-serving boxes in the bag: "1 Box" is S$39 of goods, "3 Boxes" S$101.40. */
export async function addLycheeBoxes(page: Page, option: "1 Box" | "3 Boxes" = "1 Box") {
  await page.goto("/shop/luna-collagen/m8");
  await page.getByRole("button", { name: "Lychee Luxe", exact: true }).click();
  await page.getByRole("radio", { name: new RegExp(`^${option}`) }).check();
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
}

/** Shipping details, then the test card 4242: ends on the confirmation page. */
export async function payWithTestCard(page: Page, mobile: string, shipping: typeof SHIPPING = SHIPPING) {
  await page.goto("/checkout/shipping");
  await page.getByLabel("Full name").fill(shipping.name);
  await page.getByLabel("Email", { exact: true }).fill(shipping.email);
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel("Address", { exact: true }).fill(shipping.address);
  await page.getByLabel("Postal code").fill(shipping.postalCode);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByRole("heading", { name: `Thank you, ${shipping.name}!` })).toBeVisible();
}

/** A guest buys and reads the invoice id off the confirmation. */
export async function buyAsGuest(
  page: Page,
  mobile: string,
  option: "1 Box" | "3 Boxes" = "1 Box",
  shipping: typeof SHIPPING = SHIPPING,
): Promise<string> {
  await addLycheeBoxes(page, option);
  await payWithTestCard(page, mobile, shipping);
  return (await page.getByTestId("invoice-id").textContent()) ?? "";
}
