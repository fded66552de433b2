import { randomBytes } from "node:crypto";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes, payWithTestCard } from "./guest-order.ts";
import { newIdentity, signIn } from "./sign-in.ts";

test("a member reviews what they bought, staff publish it, and the product page shows it with the member's points earned", async ({
  page,
  browser,
}) => {
  const title = `Lychee every morning ${randomBytes(3).toString("hex")}`;
  await signIn(page, newIdentity("Google", "Nur Aisyah"));
  await addLycheeBoxes(page);
  await payWithTestCard(page, "+6591238877");

  await page.goto("/shop/luna-collagen/m8");
  const reviews = page.getByRole("region", { name: "Reviews", exact: true });
  await reviews.getByRole("link", { name: "Write a review" }).click();
  await expect(page.getByRole("heading", { name: /^Review / })).toBeVisible();
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByRole("radio", { name: "5 out of 5 stars" })).toBeFocused();
  await page.getByRole("radio", { name: "4 out of 5 stars" }).check();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Your review").fill("Fresh and not too sweet; my skin feels softer after a month.");
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByRole("status")).toHaveText("Thank you! Your review is waiting for our team's approval.");
  await expect(page.getByText("Waiting for approval")).toBeVisible();
  await expectAccessibleAtBothWidths(page, "review-form");

  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Reviews" }).click();
  await expect(staff.getByText(title)).toBeVisible();
  await expectAccessibleAtBothWidths(staff, "admin-reviews");
  await staff
    .getByRole("button", { name: `Publish "${title}" on Luna Collagen` })
    .first()
    .click();
  await expect(staff.getByRole("status")).toHaveText(`Published the review "${title}". The member earned the review points.`);
  await staff.close();

  await page.goto("/shop/luna-collagen/m8");
  await expect(reviews.getByRole("heading", { name: title })).toBeVisible();
  await expect(reviews.getByTestId("rating-summary")).toContainText(/out of 5 · \d+ reviews?/);
  await expectAccessibleAtBothWidths(page, "product-reviews");
  await page.goto("/member/earn-points");
  await expect(page.getByTestId("earn-post-review")).toContainText("Done");
  await page.goto("/member/reviews");
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
});
