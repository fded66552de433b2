import { randomUUID } from "node:crypto";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { emailsAbout } from "./outbox.ts";

test("a new shopper signs in with a code emailed to them and lands on the member page", async ({ page }) => {
  test.setTimeout(90_000);
  const address = `coder-${randomUUID().slice(0, 12)}@example.com`;
  await page.goto("/member/login");
  await expectAccessibleAtBothWidths(page, "login-with-email-code");
  await page.getByRole("button", { name: "Continue with an email code" }).click();

  await expect(page.getByRole("heading", { name: "Sign in with an email code" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "email-code-address");
  await page.getByLabel("Email", { exact: true }).fill(address);
  await page.getByRole("button", { name: "Email me a code" }).click();

  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(`We sent a 6-digit code to ${address}.`);
  await expect.poll(async () => (await emailsAbout(address)).length, { timeout: 15_000 }).toBe(1);
  const [email = ""] = await emailsAbout(address);
  const code = /^(\d{6})$/m.exec(email)?.[1] ?? "";

  // A wrong code is answered on the same page, which says how many tries are left.
  await page.getByLabel("Code", { exact: true }).fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("That code is not right. 4 tries left.")).toBeVisible();
  await expect(page.getByLabel("Code", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessibleAtBothWidths(page, "email-code-wrong-code");

  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/member");
  await expect(page.getByTestId("member-points")).toHaveText("50");

  // The account page names the address among the sign-ins and offers to link the social ones.
  await page.goto("/member/account");
  await expect(page.getByTestId("email-email")).toHaveText(address);
  await expect(page.getByRole("button", { name: "Link your Google account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Link an email for codes" })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, "account-with-email-code");
});
