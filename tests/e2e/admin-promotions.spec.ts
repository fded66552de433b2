import { randomBytes } from "node:crypto";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes, SHIPPING } from "./guest-order.ts";

test("staff create a promotion code, a shopper pays with it, and the back office counts the use", async ({ page, browser }) => {
  const code = `FRIENDS-${randomBytes(3).toString("hex").toUpperCase()}`;
  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Promotions" }).click();
  const create = staff.getByRole("region", { name: "New promotion code", exact: true });
  await create.getByLabel("Code").fill(code.toLowerCase());
  await create.getByLabel("Takes off").selectOption({ label: "An amount (S$)" });
  await create.getByLabel("Percent or amount").fill("5");
  await create.getByLabel("Minimum spend (S$, optional)").fill("30");
  await create.getByRole("button", { name: "Create code" }).click();
  await expect(staff.getByRole("status")).toHaveText(`Created ${code}; shoppers can use it at checkout.`);
  await expectAccessibleAtBothWidths(staff, "promotions");

  await addLycheeBoxes(page);
  await page.goto("/checkout/summary");
  await page.getByLabel("Promotion code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("checkout-discount")).toHaveText("-S$5.00");
  await page.goto("/checkout/shipping");
  await page.getByLabel("Full name").fill(SHIPPING.name);
  await page.getByLabel("Email", { exact: true }).fill(SHIPPING.email);
  await page.getByLabel("Mobile number").fill("+6591230099");
  await page.getByLabel("Address", { exact: true }).fill(SHIPPING.address);
  await page.getByLabel("Postal code").fill(SHIPPING.postalCode);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByRole("heading", { name: `Thank you, ${SHIPPING.name}!` })).toBeVisible();

  await staff.reload();
  const row = staff.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("S$5.00 off");
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
});
