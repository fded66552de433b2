import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { newIdentity, signIn } from "./sign-in.ts";

const INSTAGRAM = "https://www.instagram.com/nectarlab.sg";

test("claiming a social action credits it once and opens the brand page in a new tab", async ({ page, context }) => {
  // The brand page is on the internet: the browser gets a stand-in answer instead.
  const opened: string[] = [];
  await context.route("https://www.instagram.com/**", (route) => {
    opened.push(route.request().url());
    return route.fulfill({ contentType: "text/html", body: "<title>Nectar Lab on Instagram</title><h1>nectarlab.sg</h1>" });
  });
  await signIn(page, newIdentity("Google", "Nur Aisyah"), "/member/earn-points");
  await expect(page.getByTestId("earn-follow-ig")).toContainText("Opens our Instagram page in a new tab");

  // The brand page opens from the hydrated button's click; before that the plain form only claims.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  const popup = context.waitForEvent("page");
  await page.getByRole("button", { name: "Earn 50 points for Follow us on Instagram" }).click();
  const brandPage = await popup;
  await expect(brandPage).toHaveURL(INSTAGRAM);
  await expect(brandPage).toHaveTitle("Nectar Lab on Instagram");
  // noopener: the brand page cannot reach back into the shop's tab.
  expect(await brandPage.evaluate(() => window.opener)).toBeNull();

  await expect(page.getByRole("status")).toContainText('You earned 50 points for "Follow us on Instagram".');
  await expect(page.getByTestId("earn-balance")).toHaveText("100");
  const again = page.getByRole("status").getByRole("link", { name: "Open our Instagram (opens in a new tab)" });
  await expect(again).toHaveAttribute("href", INSTAGRAM);
  await expect(again).toHaveAttribute("target", "_blank");
  const visit = page.getByTestId("earn-follow-ig").getByRole("link", { name: "Visit our Instagram (opens in a new tab)" });
  await expect(visit).toHaveAttribute("rel", "noopener noreferrer");
  expect(opened).toEqual([INSTAGRAM]);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByTestId("earn-balance")).toHaveText("100");
  await expect(page.getByRole("button", { name: "Earn 50 points for Follow us on Instagram" })).toHaveCount(0);
});
