import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { singaporeDateTimeText } from "../../kernel/singapore-time.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { payWithTestCard } from "./guest-order.ts";
import { newIdentity, signIn } from "./sign-in.ts";

const V5_SHOTS = "/shop/v5-vitality/vs8";

test("staff run a double-points campaign on one series; a member sees it and gets it with their order", async ({
  page,
  browser,
}) => {
  // Two back-office sessions, a checkout and eleven accessibility scans: long on a busy machine.
  test.setTimeout(120_000);
  // The run's projects share one database: each runs (and ends) a campaign of its own.
  const CAMPAIGN = `V5 double points (${test.info().project.name})`;
  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Campaigns" }).click();
  await expect(staff.getByTestId("stacking-rule")).toContainText("on top of each other");
  const create = staff.getByRole("region", { name: "New campaign", exact: true });
  await create.getByLabel("Name").fill(CAMPAIGN);
  await create.getByLabel("Gives").selectOption({ label: "A points multiplier" });
  await create.getByLabel("Multiplier (2 doubles the points)").fill("2");
  await create.getByLabel("Covers").selectOption({ label: "Series ticked below" });
  await create.getByRole("group", { name: "Series" }).getByLabel("V5").check();
  await create.getByLabel("Ends").fill(singaporeDateTimeText(new Date(Date.now() + 2 * 24 * 60 * 60_000)));
  await create.getByRole("button", { name: "Preview its cost" }).click();
  await expect(staff.getByTestId("campaign-preview")).toContainText("Over the last 30 days it would have added");
  await create.getByRole("button", { name: "Create campaign" }).click();
  await expect(staff.getByRole("status")).toHaveText(`Created "${CAMPAIGN}".`);
  const row = staff.getByRole("row").filter({ hasText: CAMPAIGN });
  await expect(row).toContainText("Running");
  await expect(row).toContainText(/Double points on V5 until/);
  await expectAccessibleAtBothWidths(staff, "admin-campaigns");

  await signIn(page, newIdentity("Google", "Nur Aisyah"));
  await expect(page.getByTestId("running-campaigns")).toContainText("Double points on V5 until");
  await expectAccessibleAtBothWidths(page, "member-campaigns");
  await page.goto("/member/earn-points");
  await expect(page.getByTestId("running-campaigns")).toContainText("Double points on V5 until");
  await expectAccessibleAtBothWidths(page, "earn-campaigns");

  await page.goto(V5_SHOTS);
  await expect(page.getByTestId("campaign-badges")).toContainText("Double points on V5 until");
  await expectAccessibleAtBothWidths(page, "product-campaign");
  await page.getByRole("button", { name: "Citrus Zing", exact: true }).click();
  await page.getByRole("radio", { name: /^1 Box/ }).check();
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");

  await page.goto("/bag");
  await expect(page.getByTestId("line-campaigns")).toHaveText(`★ Earns bonus points: ${CAMPAIGN}`);
  // S$39 earns 39 points, and the campaign doubles them.
  await expect(page.getByTestId("bag-campaign-bonus")).toHaveText("+39 points");
  await expectAccessibleAtBothWidths(page, "bag-campaign");
  await payWithTestCard(page, "9123 7788");

  await page.goto("/member");
  await expect(page.getByTestId("member-points")).toHaveText("128");
  await expect(page.getByText(`Campaign Bonus: ${CAMPAIGN}`)).toBeVisible();

  await staff.reload();
  await expect(row).toContainText("39 points on 1 order");
  await row.getByRole("button", { name: `End now: ${CAMPAIGN}` }).click();
  await expect(staff.getByRole("status")).toHaveText(`Ended "${CAMPAIGN}": orders paid from now on no longer get it.`);
  await expect(row).toContainText("Finished");
  await page.goto(V5_SHOTS);
  await expect(page.getByTestId("campaign-badges")).toHaveCount(0);
});
