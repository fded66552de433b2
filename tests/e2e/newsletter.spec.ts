import { randomUUID } from "node:crypto";
import { emailLinks, emailPart } from "../setup/email-text.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { emailsTo } from "./outbox.ts";

test("a visitor signs up for the newsletter on the home page, confirms from the email and unsubscribes", async ({ page }) => {
  test.setTimeout(180_000); // five pages checked at two widths
  const address = `news-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Four lines, one daily habit" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Every sip earns points" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "home");

  const signUp = page.getByRole("region", { name: "New flavours and offers, first" });
  await signUp.getByLabel("Email address").fill(address);
  const consent = signUp.getByRole("checkbox", { name: /email me the newsletter/ });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await signUp.getByRole("button", { name: "Sign up" }).click();
  await expect(signUp.getByRole("status")).toContainText("Check your inbox");
  await expect(page).toHaveURL(/\/$/);

  await expect.poll(async () => (await emailsTo(address)).length, { timeout: 15_000 }).toBe(1);
  const [email = ""] = await emailsTo(address);
  expect(email).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  const confirmLink = emailLinks(email).find((link) => link.includes("/newsletter/confirm?t="));
  expect(confirmLink).toBeDefined();

  await page.setContent(emailPart(email, "text/html") ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please confirm your sign-up");
  await expectAccessibleAtBothWidths(page, "newsletter-email");

  await page.goto(confirmLink ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your newsletter sign-up");
  await expectAccessibleAtBothWidths(page, "newsletter-confirm");
  await page.getByRole("button", { name: "Confirm my sign-up" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  await expectAccessibleAtBothWidths(page, "newsletter-confirmed");

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
  await expect(page.getByRole("status")).toHaveText(/We won't send you the newsletter any more/);
  await expectAccessibleAtBothWidths(page, "newsletter-unsubscribed");
});
