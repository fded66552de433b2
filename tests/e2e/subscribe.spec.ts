import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { continueAtProvider, newIdentity } from "./sign-in.ts";

test("a shopper subscribes on a product page, signs in when checkout asks, pays with the consent in view and is told the subscription started", async ({
  page,
}) => {
  // Four pages checked for accessibility at two widths each on a shared machine.
  test.setTimeout(120_000);
  const identity = newIdentity("Google", "Lim Jia Hui");
  await page.goto("/shop/luna-collagen/m8");
  const choice = page.getByRole("group", { name: "One-off or subscribe" });
  await expect(choice.getByRole("radio", { name: "One-off purchase" })).toBeChecked();
  await expect(choice.getByTestId("subscription-price")).toHaveText("S$33.15");
  await expect(choice.getByTestId("subscription-saving")).toHaveText("S$5.85 a delivery");
  await choice.getByRole("radio", { name: "Every 4 weeks" }).check();
  await expectAccessibleAtBothWidths(page, "subscribe-product");
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");

  await page.goto("/bag");
  const subscribed = page.getByRole("region", { name: "Subscriptions" });
  await expect(subscribed.getByTestId("line-subscription")).toContainText("Every 4 weeks · Subscribe and save 15%");
  await expect(subscribed.getByTestId("line-renewal")).toHaveText("Each renewal: S$38.05 with shipping, at today's prices");
  await expectAccessibleAtBothWidths(page, "subscribe-bag");
  await page.getByRole("link", { name: "Checkout" }).click();

  const signIn = page.getByTestId("subscription-sign-in");
  await expect(signIn).toContainText("Sign in or join to subscribe");
  await expectAccessibleAtBothWidths(page, "subscribe-sign-in");
  await signIn.getByRole("link", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await continueAtProvider(page, identity);
  await expect(page).toHaveURL("/checkout/shipping");

  const consent = page.getByTestId("subscription-consent");
  await expect(consent).toContainText("charges it S$38.05 every 4 weeks");
  await expect(consent).toContainText("/member/subscriptions");
  await page.getByLabel("Mobile number").fill("9123 4567");
  await page.getByLabel("Address", { exact: true }).fill("Blk 123 Tampines St 11, #04-56");
  await page.getByLabel("Postal code").fill("521123");
  await expectAccessibleAtBothWidths(page, "subscribe-shipping");
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page.getByRole("heading", { name: "Pay S$38.05" })).toBeVisible();
  await expect(page.locator("#save-card-consent")).toContainText("every 4 weeks");
  await page.getByRole("button", { name: "Pay S$38.05" }).click();

  await expect(page.getByRole("heading", { name: "Thank you, Lim Jia Hui!" })).toBeVisible();
  const started = page.getByRole("region", { name: "Your subscription has started" });
  await expect(started.getByTestId("started-subscriptions")).toContainText(
    /Luna Collagen Nectar, 8-serving box · Berries Acai · 1 Box: every 4 weeks, next on \w{3}, \d{1,2} \w{3} \d{4}/,
  );
  await expect(started.getByRole("link", { name: "Manage your subscriptions" })).toHaveAttribute("href", "/member/subscriptions");
  await expectAccessibleAtBothWidths(page, "subscribe-complete");
});
