import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { continueAtProvider, newIdentity } from "./sign-in.ts";

test("an owner adds a staff member with the orders permission, who signs in but cannot manage staff", async ({ page }) => {
  const packer = newIdentity("Google", "Lim Packer");

  await page.goto("/admin/login");
  await expectAccessibleAtBothWidths(page, "login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Back office" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "home");

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Staff" }).click();
  await expect(page.getByRole("heading", { name: "Staff", exact: true })).toBeVisible();
  const add = page.getByRole("region", { name: "Add someone" });
  await add.getByLabel("Email").fill(packer.email);
  await add.getByRole("radio", { name: /Staff with these permissions/ }).check();
  await add.getByRole("checkbox", { name: "Orders" }).check();
  await add.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("status")).toHaveText(`${packer.email} was added.`);
  await expect(page.getByText(packer.email, { exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "staff");

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Audit log" }).click();
  const added = page.getByRole("row").filter({ hasText: `Added staff ${packer.email}` });
  await expect(added).toContainText(TEST_OWNER.email);
  await expect(added).toContainText("permissions: — → orders");
  await expectAccessibleAtBothWidths(page, "audit");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/admin/login");

  await page.getByRole("button", { name: "Continue with Google" }).click();
  await continueAtProvider(page, packer);
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Staff" })).toHaveCount(0);
  const refused = await page.goto("/admin/staff");
  expect(refused?.status()).toBe(403);
});
