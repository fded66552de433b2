import { expect, test } from "../e2e/fixtures.ts";
import { newIdentity } from "../e2e/sign-in.ts";
import { memberSignsIn, rehearsal, staffSignsIn } from "./rehearsal.ts";

test("members sign in with Google and with Facebook at the identity pool", async ({ page, browser }) => {
  const google = newIdentity("Google", "Tan Mei Ling");
  await memberSignsIn(page, google);
  await expect(page.getByTestId("member-points")).toHaveText("50");
  await page.screenshot({ path: test.info().outputPath("member-google.png"), fullPage: true });

  const other = await (await browser.newContext()).newPage();
  await memberSignsIn(other, newIdentity("Facebook", "Arjun Nair"));
  await other.goto("/member/account");
  await expect(other.getByTestId("google-email")).toHaveText("Not linked");
});

test("staff sign in to the back office", async ({ page }) => {
  await staffSignsIn(page);
});

test("staging: a member and a staff member sign in through the same pool, with its trailing-slash callbacks", async ({
  page,
  browser,
}) => {
  await memberSignsIn(page, newIdentity("Google", "Siti Rahman"), rehearsal.stagingUrl);
  await expect(page.getByTestId("member-points")).toHaveText("50");
  const staff = await (await browser.newContext()).newPage();
  await staffSignsIn(staff, rehearsal.stagingUrl);
});
