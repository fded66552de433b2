import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes, buyAsGuest, payWithTestCard } from "./guest-order.ts";
import { newIdentity, signIn } from "./sign-in.ts";

const points = (page: Page) => page.getByTestId("member-points");

async function takePouch(page: Page) {
  await page.goto("/member/redeem/pouch");
  await page.getByRole("radio", { name: /Yuzu Delight/ }).check();
  await page.getByLabel("Quantity").fill("1");
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
}

test("a member earns, claims a past order, takes a reward and checks out with it: every point accounted for", async ({
  page,
  browser,
}) => {
  // Two shoppers' purchases, a claim, a reward and a checkout with it.
  test.setTimeout(90_000);
  const guest = await browser.newPage();
  const pastInvoiceId = await buyAsGuest(guest, "9876 5432", "3 Boxes");
  await guest.close();

  await signIn(page, newIdentity("Google", "Siti Rahmah"));
  await expect(points(page)).toHaveText("50");

  await page.getByRole("link", { name: "Earn points" }).click();
  const instagram = page.getByRole("button", { name: "Earn 50 points for Follow us on Instagram" });
  await instagram.click();
  await expect(page.getByTestId("earn-balance")).toHaveText("100");
  await expect(instagram).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("earn-follow-ig")).toContainText("Done");
  await expect(page.getByTestId("earn-balance")).toHaveText("100");

  await page.goto("/member");
  const claim = page.getByRole("region", { name: "Claim a past order" });
  await claim.getByLabel("Invoice number").fill(pastInvoiceId);
  await claim.getByLabel("Mobile number on the order").fill("+65 9876 5432");
  await claim.getByRole("button", { name: "Claim order" }).click();
  await expect(claim.getByRole("status")).toContainText("101 points added");
  await expect(points(page)).toHaveText("201");
  await expect(page.getByTestId("member-total-spent")).toHaveText("S$101.40");

  await takePouch(page);
  await page.goto("/bag");
  const reward = page.getByRole("listitem", { name: "Reward: Luna Collagen Nectar pouch, Yuzu Delight" });
  await reward.getByRole("button", { name: /^Remove/ }).click();
  await expect(page.getByRole("status")).toHaveText("Reward removed. Its points are back in your balance.");
  await page.goto("/member");
  await expect(points(page)).toHaveText("201");

  await takePouch(page);
  await page.goto("/member");
  await expect(points(page)).toHaveText("51");

  await addLycheeBoxes(page, "1 Box");
  await page.goto("/bag");
  await expect(reward).toBeVisible();
  await payWithTestCard(page, "9876 5432");
  const rewardsWithOrder = page.getByRole("region", { name: "Rewards with this order" });
  await expect(rewardsWithOrder).toContainText("Yuzu Delight");
  const invoiceId = (await page.getByTestId("invoice-id").textContent()) ?? "";

  await page.goto("/member");
  await expect(points(page)).toHaveText("90");
  await expect(page.getByTestId("member-total-spent")).toHaveText("S$140.40");
  await expect(page.getByTestId("member-purchases")).toHaveText("2");
  await expect(page.getByTestId("member-orders")).toContainText(`Order ${invoiceId}`);

  await page.goto(`/order/${invoiceId}`);
  await expect(page.getByText("Yuzu Delight")).toBeVisible();
});
