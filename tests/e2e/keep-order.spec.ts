import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { buyAsGuest } from "./guest-order.ts";
import { continueAtProvider, newIdentity } from "./sign-in.ts";

test("a guest who pays joins from the completion page and lands on the member page with the order and its points", async ({
  page,
}) => {
  const invoiceId = await buyAsGuest(page, "8123 4567");
  const completion = page.url();
  const offer = page.getByRole("region", { name: /This order earns 39 points for a member/ });
  await expect(offer).toBeVisible();
  await expectNoAxeViolations(page, "the completion page with the offer to keep the order");

  await offer.getByRole("link", { name: "Join or sign in to keep these points" }).click();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await continueAtProvider(page, newIdentity("Google", "Siti Rahmah"));

  await expect(page.getByRole("heading", { name: `Add order ${invoiceId}` })).toBeVisible();
  await expectNoAxeViolations(page, "the page asking to add the order");
  await page.getByRole("button", { name: "Add this order to my membership" }).click();
  await expect(page).toHaveURL("/member");
  await expect(page.getByTestId("member-points")).toHaveText("89");
  await expect(page.getByTestId("member-total-spent")).toHaveText("S$39.00");
  await expect(page.getByTestId("member-purchases")).toHaveText("1");
  await expect(page.getByTestId("member-orders")).toContainText(`Order ${invoiceId}`);

  // Going back to the completion page no longer offers it, and the points are counted once.
  await page.goto(completion);
  await expect(page.getByTestId("invoice-id")).toHaveText(invoiceId);
  await expect(page.getByRole("region", { name: /for a member/ })).toHaveCount(0);
});
