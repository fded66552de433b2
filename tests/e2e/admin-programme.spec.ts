import type { Browser, Page } from "@playwright/test";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes, payWithTestCard } from "./guest-order.ts";
import { newIdentity, signIn } from "./sign-in.ts";

async function staffPage(browser: Browser): Promise<Page> {
  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Loyalty programme" }).click();
  await expect(staff.getByRole("heading", { name: "Loyalty programme", level: 1 })).toBeVisible();
  return staff;
}

/** A draft with this gold multiplier, saved; the staff page is left on the draft. */
async function draftWithMultiplier(staff: Page, multiplier: string): Promise<void> {
  await staff.getByRole("button", { name: "Start a draft" }).click();
  await expect(staff.getByRole("heading", { name: /^Programme draft \d+$/ })).toBeVisible();
  await staff.getByLabel("Gold multiplier (× green points)").fill(multiplier);
  await staff.getByRole("button", { name: /^Save draft/ }).click();
  await expect(staff.getByRole("status")).toContainText(`Gold multiplier: `);
}

async function publishNow(staff: Page): Promise<void> {
  await staff.getByRole("radio", { name: "Now" }).check();
  await staff.getByRole("button", { name: /^Publish version/ }).click();
  await expect(staff.getByRole("status")).toContainText(/^Version \d+ is published: in force from /);
}

/** The newest point-history entry of the signed-in member, as the member page shows it. */
async function newestEntry(page: Page) {
  await page.goto("/member");
  return page.getByTestId("point-history").getByRole("listitem").first();
}

test("staff raise the gold multiplier in a draft, read its preview, publish it, and a gold member's next order earns it", async ({
  page,
  browser,
}) => {
  // Sign-ins, checkouts and accessibility scans: long on a busy machine.
  test.setTimeout(120_000);
  // A member who goes gold with a S$304.20 order (three of the S$101.40 option).
  await signIn(page, newIdentity("Google", "Lim Jia Hui"));
  for (let n = 0; n < 3; n++) await addLycheeBoxes(page, "3 Boxes");
  await payWithTestCard(page, "9123 4567");
  await page.goto("/member");
  await expect(page.getByText("Gold member", { exact: false }).first()).toBeVisible();

  const staff = await staffPage(browser);
  await expectAccessibleAtBothWidths(staff, "admin-programme");
  await draftWithMultiplier(staff, "2");
  await expect(staff.getByRole("status")).toContainText("Gold multiplier: 1.5× → 2×");

  const sample = staff.getByRole("region", { name: "Preview: a sample bag" });
  await sample.getByLabel("Sample bag (S$, goods after discounts)").fill("39");
  await sample.getByRole("button", { name: "Work it out" }).click();
  await expect(sample.getByRole("row", { name: /^Gold \d/ })).toHaveText(/Gold\s*58 points\s*78 points/);
  await expect(staff.getByRole("region", { name: "Preview: tiers" })).toContainText("Keep: no member changes tier");
  await expect(staff.getByRole("region", { name: "Preview: points liability" })).toContainText("Change in points liability");
  await expectAccessibleAtBothWidths(staff, "admin-programme-draft");

  // The same draft open in a second tab: published there after a save here, refused.
  const stale = await staff.context().newPage();
  await stale.goto(staff.url());
  const multiplier = staff.getByLabel("Gold multiplier (× green points)");
  await multiplier.fill("2.5");
  await staff.getByRole("button", { name: /^Save draft/ }).click();
  await expect(staff.getByRole("status")).toContainText("Gold multiplier: 2× → 2.5×");
  await stale.getByRole("radio", { name: "Now" }).check();
  await stale.getByRole("button", { name: /^Publish version/ }).click();
  await expect(stale.getByRole("alert")).toContainText(
    "Someone else saved this draft after you opened this page, so it was not published.",
  );
  await multiplier.fill("2");
  await staff.getByRole("button", { name: /^Save draft/ }).click();
  await expect(staff.getByRole("status")).toContainText("Gold multiplier: 2.5× → 2×");
  // Saved there after it was published here: refused.
  await publishNow(staff);
  await expect(staff.getByRole("listitem").filter({ hasText: "Published, in force" }).first()).toContainText(
    "Gold multiplier: 1.5× → 2×",
  );
  await stale.getByLabel("Gold multiplier (× green points)").fill("3");
  await stale.getByRole("button", { name: /^Save draft/ }).click();
  await expect(stale.getByRole("alert")).toContainText(/^Version \d+ is published \(by .*\) and can no longer be changed/);

  await addLycheeBoxes(page, "1 Box");
  await payWithTestCard(page, "9123 4567");
  await expect(await newestEntry(page)).toContainText("78");

  // The programme as the other journeys expect it again.
  await staff.goto("/admin/programme");
  await draftWithMultiplier(staff, "1.5");
  await publishNow(staff);

  // A version scheduled for an hour ahead, thought better of: withdrawn to a draft, then discarded.
  await draftWithMultiplier(staff, "3");
  await staff.getByRole("radio", { name: "At this Singapore date and time" }).check();
  await staff.getByRole("button", { name: /^Publish version/ }).click();
  await expect(staff.getByRole("status")).toContainText(/^Version \d+ is published: in force from /);
  const scheduled = staff.getByRole("listitem").filter({ hasText: "Published, scheduled" });
  await scheduled.getByRole("button", { name: /^Withdraw version \d+$/ }).click();
  await expect(staff.getByRole("status")).toContainText(/^Version (\d+) is withdrawn: it is draft \1 again, with its rules\.$/);
  await expect(staff.getByText("Published, scheduled")).toHaveCount(0);
  await staff.getByRole("link", { name: /^Edit, preview and publish draft/ }).click();
  await expect(staff.getByLabel("Gold multiplier (× green points)")).toHaveValue("3");
  await staff.getByRole("button", { name: /^Discard draft/ }).click();
  await expect(staff.getByRole("status")).toContainText(/^Draft \d+ is discarded\.$/);
});
