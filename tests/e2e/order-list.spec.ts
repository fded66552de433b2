import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { buyAsGuest } from "./guest-order.ts";
import { newIdentity, signIn } from "./sign-in.ts";

test("a signed-in member finds their orders listed on /order, with the lookup form below", async ({ page }) => {
  await signIn(page, newIdentity("Google", "Ong Mei Xin"));
  const invoiceId = await buyAsGuest(page, "+6591230071");

  await page.goto("/order");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  const list = page.getByRole("region", { name: "Your orders" });
  await expect(list.getByRole("link", { name: `Order ${invoiceId}` })).toBeVisible();
  await expect(list).toContainText("Paid");
  await expect(list).toContainText("S$43.90");
  await expect(page.getByRole("region", { name: "Find another order" }).getByLabel("Invoice number")).toBeVisible();
  await expectAccessibleAtBothWidths(page, "order-list-member");

  await list.getByRole("link", { name: `Order ${invoiceId}` }).click();
  await expect(page.getByRole("heading", { name: `Invoice ${invoiceId}` })).toBeVisible();
});

test("a guest opening the shipping email's status link in another browser proves the order with the mobile number", async ({
  page,
  browser,
}) => {
  // A purchase and three pages checked at two widths: more than the usual time on a busy machine.
  test.slow();
  const invoiceId = await buyAsGuest(page, "+6591230072");

  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto(`/order-details/${invoiceId}`);
  await expect(elsewhere.getByRole("heading", { level: 1, name: "Find your order" })).toBeVisible();
  await expect(elsewhere.getByText("To open this order, enter the mobile number you gave at checkout")).toBeVisible();
  await expect(elsewhere.getByLabel("Invoice number")).toHaveValue(invoiceId);
  await expect(elsewhere.getByText(/Estimated delivery/)).toHaveCount(0);
  await expectAccessibleAtBothWidths(elsewhere, "order-verify");

  await elsewhere.getByLabel("Mobile number").fill("8123 0072");
  await elsewhere.getByRole("button", { name: "Find order" }).click();
  await expect(elsewhere.getByRole("alert")).toHaveText("We couldn't find an order with that invoice number and mobile number.");
  await expectAccessibleAtBothWidths(elsewhere, "order-verify-wrong");

  await elsewhere.getByLabel("Mobile number").fill("9123 0072");
  await elsewhere.getByRole("button", { name: "Find order" }).click();
  await expect(elsewhere.getByRole("heading", { name: `Order ${invoiceId}` })).toBeVisible();
  await expect(elsewhere).toHaveURL(`/order-details/${invoiceId}`);
  await expect(elsewhere.getByRole("heading", { name: "Status" })).toBeVisible();
  await expectAccessibleAtBothWidths(elsewhere, "order-details-proved");
});
