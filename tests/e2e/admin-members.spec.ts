import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { newIdentity, signIn } from "./sign-in.ts";

test("an owner credits a member's points with a reason, and the member sees Bonus Points in their history", async ({ page }) => {
  const member = newIdentity("Google", "Ong Siew Ling");
  await signIn(page, member);
  await expect(page.getByTestId("member-points")).toHaveText("50");

  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await expect(page).toHaveURL("/admin");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Members" }).click();
  await page.getByLabel("Email, name or mobile").fill(member.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expectAccessibleAtBothWidths(page, "members");
  await page.getByRole("link", { name: member.email }).click();
  await expect(page.getByRole("heading", { name: "Ong Siew Ling" })).toBeVisible();

  const adjust = page.getByRole("region", { name: "Credit or debit points" });
  await adjust.getByRole("radio", { name: /Credit/ }).check();
  await adjust.getByLabel("Points", { exact: true }).fill("150");
  await adjust.getByLabel("Reason").fill("Parcel arrived a week late");
  await adjust.getByRole("button", { name: "Save points" }).click();
  await expect(page.getByRole("status")).toHaveText("150 points credited. The balance is now 200.");
  // Emptied after success, so a second click cannot credit the same points again.
  await expect(adjust.getByLabel("Points", { exact: true })).toHaveValue("");
  await expect(adjust.getByLabel("Reason")).toHaveValue("");
  const entry = page
    .getByRole("region", { name: "Points ledger", exact: true })
    .getByRole("row")
    .filter({ hasText: "Bonus Points" });
  await expect(entry).toContainText("Parcel arrived a week late");
  await expectAccessibleAtBothWidths(page, "member");

  await page.goto("/member");
  await expect(page.getByTestId("member-points")).toHaveText("200");
  await expect(page.getByText("Bonus Points", { exact: true })).toBeVisible();
});
