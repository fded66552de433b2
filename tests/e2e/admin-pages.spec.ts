import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

test("an owner reads the failed jobs, and a page that fails says so inside the back office, whose navigation stays", async ({
  page,
}) => {
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  const navigation = page.getByRole("navigation", { name: "Back office" });
  await navigation.getByRole("link", { name: "Jobs", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "jobs");

  const answer = await page.goto("/admin/orders/no-such-order");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "There is no such order." })).toBeVisible();
  await expect(page.getByText("Error 404")).toBeVisible();
  await expect(page).toHaveTitle(/^404 - There is no such order\./);
  await expectAccessibleAtBothWidths(page, "error-panel");
  await navigation.getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
});
