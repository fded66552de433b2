import type { Page } from "@playwright/test";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { newIdentity, signIn } from "./sign-in.ts";

const PRODUCT = "Joffee jelly coffee, 4-serving box";

async function openBackOffice(page: Page, section: string) {
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: section, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: section })).toBeVisible();
}

/** Sets the Joffee box reward's cost on the rewards page, opening its change form when it is closed. */
async function setJoffeeBoxCost(staff: Page, cost: string, checkAccessible = false) {
  const form = staff.getByRole("group").filter({ hasText: "Change Joffee box" });
  const field = form.getByLabel("Points cost");
  if (!(await field.isVisible())) await form.getByText("Change Joffee box").click();
  await field.fill(cost);
  await form.getByRole("button", { name: "Save Joffee box" }).click();
  // A new cost moves what points are worth: the liability's change is shown before it is saved.
  const confirmation = staff.getByRole("region", { name: "Confirm the change to Joffee box" });
  await expect(confirmation).toContainText("The programme's liability");
  if (checkAccessible) await expectAccessibleAtBothWidths(staff, "reward-confirmation");
  await confirmation.getByRole("button", { name: "Save Joffee box" }).click();
  await expect(staff.getByRole("status")).toHaveText("Saved Joffee box; members see it now.");
  const row = staff.getByRole("row").filter({ hasText: "joffee-box" });
  await expect(row.getByRole("cell").nth(1)).toHaveText(cost);
}

test("staff switch an option off and change a reward's cost; shoppers and members see it at once", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();

  await page.goto("/shop/joffee/j4");
  await expect(page.getByRole("button", { name: "Yuzu", exact: true })).toBeVisible();

  await openBackOffice(staff, "Catalogue");
  await staff.locator("summary", { hasText: `options of ${PRODUCT}` }).click();
  await staff.getByRole("button", { name: `Switch off ${PRODUCT}: 1 Box, Yuzu` }).click();
  await expect(staff.getByRole("status")).toHaveText(`${PRODUCT}: 1 Box, Yuzu is switched off.`);
  await expect(staff.getByRole("button", { name: `Switch on ${PRODUCT}: 1 Box, Yuzu` })).toBeVisible();
  await expectAccessibleAtBothWidths(staff, "catalogue");

  await page.reload();
  await expect(page.getByRole("button", { name: "Blueberry", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Yuzu", exact: true })).toHaveCount(0);

  await openBackOffice(staff, "Rewards");
  await setJoffeeBoxCost(staff, "365", true);
  await expectAccessibleAtBothWidths(staff, "rewards");

  await signIn(page, newIdentity("Google", "Lim Hui Min"));
  await page.goto("/member/redeem/joffee-box");
  await expect(page.getByTestId("reward-cost")).toHaveText("365 points");

  // Leave the shop as the other journeys expect it.
  await setJoffeeBoxCost(staff, "350");
  await openBackOffice(staff, "Catalogue");
  await staff.getByRole("button", { name: `Switch on ${PRODUCT}: 1 Box, Yuzu` }).click();
  await expect(staff.getByRole("status")).toHaveText(`${PRODUCT}: 1 Box, Yuzu is on sale.`);
});
