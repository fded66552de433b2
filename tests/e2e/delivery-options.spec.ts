import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes, payWithTestCard } from "./guest-order.ts";

test("the merchant changes express, and a shopper sees its promise, chooses it in the bag and is promised it on the order", async ({
  page,
  browser,
}) => {
  // Four pages checked at two widths each.
  test.setTimeout(180_000);
  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Delivery options" }).click();
  await expect(staff.getByRole("heading", { name: "Delivery options", level: 1 })).toBeVisible();
  await staff.getByText("Change Express").click();
  const express = staff.locator("details[open]");
  await express.getByLabel("Price (S$)").fill("8.80");
  await express.getByRole("button", { name: "Save Express" }).click();
  await expect(staff.getByRole("status")).toContainText("Express delivery saved.");
  await expect(staff.getByRole("row").filter({ hasText: "Express" })).toContainText("S$8.80");
  await expectAccessibleAtBothWidths(staff, "admin-delivery");

  await page.goto("/shop/luna-collagen/m8");
  await expect(page.getByTestId("delivery-promise-express")).toContainText(/^Express: Order (now|within .+) for delivery on /);
  await expect(page.getByTestId("delivery-promise-standard")).toContainText("Standard: Order now for delivery between");
  await expectAccessibleAtBothWidths(page, "product-delivery-promises");

  await addLycheeBoxes(page);
  await page.goto("/bag");
  const choice = page.getByRole("group", { name: "Delivery" });
  await expect(choice.getByRole("radio", { name: /^Standard/ })).toBeChecked();
  await expect(page.getByTestId("bag-shipping")).toHaveText("S$4.90");
  // Choosing is enough: the bag is priced again with the choice.
  await choice.getByRole("radio", { name: /^Express/ }).check();
  await expect(page.getByRole("status")).toHaveText("Delivery option updated.");
  await expect(page.getByTestId("bag-shipping")).toHaveText("S$8.80");
  await expect(page.getByText("Shipping (Express)")).toBeVisible();
  await expectAccessibleAtBothWidths(page, "bag-delivery-choice");

  await payWithTestCard(page, "+6591230088");
  await expect(page.getByTestId("delivery-option")).toHaveText(" (Express delivery)");
  await expect(page.getByTestId("delivery-window")).toHaveText(/^(Mon|Tue|Wed|Thu|Fri), \d{1,2} [A-Z][a-z]{2} 20\d\d$/);
  await expectAccessibleAtBothWidths(page, "complete-express");
  await page.getByRole("link", { name: "View invoice" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9A-Z]{8}$/);
  await expect(page.getByTestId("delivery-option")).toHaveText(" (Express delivery)");
});
