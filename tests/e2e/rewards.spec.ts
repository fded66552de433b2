import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { newIdentity, signIn } from "./sign-in.ts";

const basket = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("redemption-store") ?? "null"));

test("a member takes a pouch with points, sees it in the bag and the basket, and puts it back", async ({ page }) => {
  await signIn(page, newIdentity("Google", "Nur Aisyah"));
  await page.goto("/member/earn-points");
  await page.getByRole("button", { name: "Earn 50 points for Follow us on Instagram" }).click();
  await expect(page.getByTestId("earn-balance")).toHaveText("100");
  await page.getByRole("button", { name: /^Earn 50 points for Like us on Facebook/ }).click();
  await expect(page.getByTestId("earn-balance")).toHaveText("150");

  await page.goto("/member");
  await page
    .getByTestId("rewards-list")
    .getByRole("link", { name: /Nectar pouch/ })
    .click();
  await expect(page).toHaveURL("/member/redeem/pouch");
  await expect(page).toHaveTitle("Redeem Nectar pouch | Nectar Lab");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nectar pouch");
  await expect(page.getByTestId("reward-balance")).toHaveText("150 points");
  await expectNoAxeViolations(page);

  await page.getByRole("radio", { name: /Yuzu Delight/ }).check();
  await page.getByLabel("Quantity").fill("2");
  await expect(page.getByTestId("reward-balance-after")).toHaveText("150 points short");
  await page.getByLabel("Quantity").fill("1");
  await expect(page.getByTestId("reward-balance-after")).toHaveText("0 points");
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
  await expect(page.getByTestId("reward-balance")).toHaveText("0 points");
  await expect.poll(() => basket(page)).toEqual({ items: [{ type: "member-redemption", optionId: "op-mpu_yd-1pu", qty: 1 }] });

  await page.getByRole("link", { name: "View your bag" }).click();
  const line = page.getByRole("listitem", { name: "Reward: Luna Collagen Nectar pouch, Yuzu Delight" });
  await expect(line).toBeVisible();
  await expect(line.getByTestId("reward-line-price")).toHaveText("S$0.00");
  await expect(line.getByTestId("reward-line-points")).toHaveText("150 points");
  await expect(page.getByTestId("rewards-only-note")).toHaveText(
    "Your rewards ship with your next paid order. Add something to your bag to check out.",
  );
  await expectNoAxeViolations(page);

  await line.getByRole("button", { name: "One more Luna Collagen Nectar pouch, Yuzu Delight reward" }).click();
  await expect(page.getByRole("alert")).toHaveText("Not enough points: this needs 150 points and you have 0.");
  await expect(line.getByTestId("reward-line-quantity")).toContainText("1");

  await line.getByRole("button", { name: /^Remove/ }).click();
  await expect(page.getByRole("status")).toHaveText("Reward removed. Its points are back in your balance.");
  await expect(page.getByText("Your bag is empty.")).toBeVisible();
  await expect.poll(() => basket(page)).toEqual({ items: [] });

  await page.goto("/member");
  await expect(page.getByTestId("member-points")).toHaveText("150");
});
