import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { newIdentity, signIn } from "./sign-in.ts";

test("a member earns points for following on Instagram, once, and sees them on the member page", async ({ page, context }) => {
  // Claiming opens the brand's Instagram page, which is on the internet: the browser gets a stand-in.
  await context.route("https://www.instagram.com/**", (route) => route.fulfill({ contentType: "text/html", body: "Instagram" }));
  await signIn(page, newIdentity("Google", "Siti Rahimah"));
  await page.getByRole("link", { name: "Earn points" }).click();
  await expect(page).toHaveURL("/member/earn-points");
  await expect(page).toHaveTitle("Earn Points | Nectar Lab");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Earn points");
  await expect(page.getByTestId("earn-balance")).toHaveText("50");

  await expect(page.getByRole("heading", { name: "Follow Us on TikTok" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Coming Soon: Refer Your Friends" })).toBeDisabled();
  await expect(page.getByTestId("earn-sign-up")).toContainText("Earned when you joined");

  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Earn 50 points for Follow us on Instagram" }).click();
  await expect(page.getByRole("status")).toContainText('You earned 50 points for "Follow us on Instagram".');
  await expect(page.getByTestId("earn-balance")).toHaveText("100");
  await expect(page.getByTestId("earn-follow-ig")).toContainText("Done");
  await expect(page.getByRole("button", { name: "Earn 50 points for Follow us on Instagram" })).toHaveCount(0);

  await page.getByRole("link", { name: "Member home" }).click();
  await expect(page.getByTestId("member-points")).toHaveText("100");
  const history = page.getByTestId("point-history").getByRole("listitem");
  await expect(history.first()).toContainText("Followed on Instagram");
  await expect(history.first()).toContainText("+50 points");
});
