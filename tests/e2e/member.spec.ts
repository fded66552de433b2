import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { continueAtProvider, newIdentity, signIn } from "./sign-in.ts";

test("a shopper signs in with Google from a product page, sees the welcome points and signs out", async ({ page }) => {
  const shopper = newIdentity("Google", "Lim Jia Hui");
  await page.goto("/shop/luna-collagen/m8");
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/member/login?redirect=%2Fshop%2Fluna-collagen%2Fm8");
  await expect(page).toHaveTitle("Sign In | Nectar Lab");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await expect(page.getByText("50 points for joining")).toBeVisible();

  await page.getByRole("button", { name: "Continue with Google" }).click();
  await continueAtProvider(page, shopper);
  await expect(page).toHaveURL("/shop/luna-collagen/m8");
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Account" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);

  await header.getByRole("button", { name: "Account" }).click();
  await header.getByRole("link", { name: "Your account" }).click();
  await expect(page).toHaveURL("/member");
  await expect(page).toHaveTitle("Member | Nectar Lab");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lim Jia Hui");
  await expect(page.getByTestId("tier-badge")).toHaveText("Green member");
  await expect(page.getByTestId("member-points")).toHaveText("50");
  await expect(page.getByTestId("member-total-spent")).toHaveText("S$0.00");
  await expect(page.getByTestId("member-purchases")).toHaveText("0");
  await expect(page.getByText(/^Member since /)).toBeVisible();
  const progress = page.getByRole("progressbar", { name: "Progress to gold" });
  await expect(progress).toHaveAttribute("aria-valuenow", "0");
  await expect(page.getByTestId("gold-remaining")).toHaveText("S$300.00 more to reach gold");
  const history = page.getByTestId("point-history").getByRole("listitem");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("Sign Up");
  await expect(history.first()).toContainText("+50 points");
  await expect(page.getByText("No orders yet.")).toBeVisible();

  await page.evaluate(() => localStorage.setItem("redemption-store", JSON.stringify({ items: [] })));
  await page.getByRole("navigation", { name: "Member" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Signing you out…" })).toBeVisible();
  await expect(page).toHaveTitle("Signing Out | Nectar Lab");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("redemption-store"))).toBeNull();

  await page.goto("/member");
  await expect(page).toHaveURL("/member/login?redirect=%2Fmember");
});

test("a member links a Facebook account and sees both emails", async ({ page }) => {
  const google = newIdentity("Google", "Nur Aisyah");
  const facebook = newIdentity("Facebook", "Nur Aisyah");
  await signIn(page, google, "/member/account");
  await expect(page).toHaveTitle("Account | Nectar Lab");
  await expect(page.getByTestId("google-email")).toHaveText(google.email);
  await expect(page.getByTestId("facebook-email")).toHaveText("Not linked");
  await expect(page.getByRole("button", { name: "Link your Google account" })).toHaveCount(0);

  await page.getByRole("button", { name: "Link your Facebook account" }).click();
  await continueAtProvider(page, facebook);
  await expect(page).toHaveURL("/member/account?link=linked");
  await expect(page.getByRole("status")).toHaveText("Your account is linked. You can now sign in with either one.");
  await expect(page.getByTestId("google-email")).toHaveText(google.email);
  await expect(page.getByTestId("facebook-email")).toHaveText(facebook.email);
  await expect(page.getByRole("button", { name: /^Link your/ })).toHaveCount(0);
});

test("an ended session sends the member to sign in and back to the page they wanted", async ({ page, context }) => {
  const member = newIdentity("Google", "Rajesh Kumar");
  await signIn(page, member);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rajesh Kumar");

  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === "session");
  if (!session) throw new Error("no session cookie after signing in");
  await context.addCookies([{ ...session, value: randomBytes(32).toString("base64url") }]);

  await page.goto("/member");
  await expect(page).toHaveURL("/member/login?redirect=%2Fmember");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await continueAtProvider(page, member);
  await expect(page).toHaveURL("/member");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rajesh Kumar");
  await expect(page.getByTestId("member-points")).toHaveText("50");
});

test("a failed sign-in is explained on the login page", async ({ page }) => {
  await page.goto("/member/login?error=cancelled");
  await expect(page.getByRole("alert")).toHaveText("Sign-in was cancelled. You can try again whenever you're ready.");
});
