import type { Page } from "@playwright/test";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { emailLinks, emailPart, emailText } from "../setup/email-text.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes, payWithTestCard } from "./guest-order.ts";
import { emailsTo } from "./outbox.ts";
import { newIdentity, signIn } from "./sign-in.ts";

async function orderWithPoints(page: Page, mobile: string): Promise<string> {
  await addLycheeBoxes(page);
  await payWithTestCard(page, mobile);
  return (await page.getByTestId("invoice-id").textContent()) ?? "";
}

test("a member unsubscribes from the points email through its link; the next order is confirmed without one", async ({
  page,
}) => {
  test.slow(); // three checkouts and four accessibility checks
  const member = newIdentity("Google", "Nur Aisyah");
  await signIn(page, member);

  const first = await orderWithPoints(page, "+6591230188");
  await expect.poll(async () => (await emailsTo(member.email)).length, { timeout: 15_000 }).toBe(1);
  const [pointsEmail = ""] = await emailsTo(member.email);
  expect(pointsEmail).toMatch(new RegExp(`^Subject: You earned 39 points on order ${first}\\r?$`, "m"));
  expect(pointsEmail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  expect(emailText(pointsEmail)).toContain("Your balance: 89 points");

  // The email as a mail client shows it, at a phone's width and a laptop's.
  await page.setContent(emailPart(pointsEmail, "text/html") ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("39 points for your order");
  await expectAccessibleAtBothWidths(page, "points-email");

  const unsubscribeLink = emailLinks(pointsEmail).find((link) => link.includes("/email/unsubscribe?t="));
  expect(unsubscribeLink).toBeDefined();
  await page.goto(unsubscribeLink ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from “Points earned on an order” emails?");
  await expectAccessibleAtBothWidths(page, "unsubscribe");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
  await expect(page.getByRole("status")).toHaveText("We won't send you “Points earned on an order” emails any more.");

  await page.getByRole("link", { name: "Choose which emails you get" }).click();
  await expect(page).toHaveURL(/\/member\/account#emails$/);
  const emails = page.getByRole("region", { name: "Emails from the loyalty programme" });
  await expect(emails.getByRole("checkbox", { name: "Points earned on an order" })).not.toBeChecked();
  await expect(emails.getByRole("checkbox", { name: "Reaching gold" })).toBeChecked();
  await expectAccessibleAtBothWidths(page, "account");

  const second = await orderWithPoints(page, "+6591230189");
  // The points email's job is queued before the confirmation's, in the same transaction: once the
  // confirmation is out, the points email has had its turn.
  await expect
    .poll(async () => (await emailsTo("siti@example.com")).filter((eml) => emailText(eml).includes(second)).length, {
      timeout: 15_000,
    })
    .toBe(1);
  expect(await emailsTo(member.email)).toHaveLength(1);

  // Chosen on the account page, points emails come again.
  await page.goto("/member/account");
  await emails.getByRole("checkbox", { name: "Points earned on an order" }).check();
  await emails.getByRole("button", { name: "Save email choices" }).click();
  await expect(emails.getByRole("status")).toHaveText("Your email choices are saved.");
  const third = await orderWithPoints(page, "+6591230190");
  await expect.poll(async () => (await emailsTo(member.email)).length, { timeout: 15_000 }).toBe(2);
  expect((await emailsTo(member.email)).at(-1)).toMatch(new RegExp(`^Subject: You earned 39 points on order ${third}\\r?$`, "m"));
});

test("staff read every programme email in the back office", async ({ page }) => {
  test.slow(); // six rendered emails in one page, checked at two widths
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Member emails" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Member emails");
  for (const label of [
    "Points earned on an order",
    "Reaching gold",
    "Your gold year ending",
    "Points about to expire",
    "A reward on its way",
    "Points for a referral",
  ]) {
    await expect(page.getByRole("region", { name: label })).toBeVisible();
  }
  const points = page.getByRole("region", { name: "Points earned on an order" });
  await expect(points.getByTestId("order-points-subject")).toHaveText("You earned 202 points on order 6B4K2P9X");
  const frame = points.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText("202 points for your order");
  await points.getByText("Text part").click();
  await expect(points.getByText("Unsubscribe from these emails: http")).toBeVisible();
  // The emails in their sandboxed frames run no script, so the checker cannot enter them: the member's journey checks an email as a page of its own.
  await expectAccessibleAtBothWidths(page, "admin-emails", "iframe");
});
