import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { emailText } from "../setup/email-text.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { buyAsGuest, SHIPPING } from "./guest-order.ts";

/** The shop under test writes each email it sends into its data directory's outbox. */
const OUTBOX = path.resolve(import.meta.dirname, "../../data/e2e/outbox");

async function emailsAbout(text: string): Promise<string[]> {
  const files = await readdir(OUTBOX).catch(() => [] as string[]);
  const emails = await Promise.all(files.map((file) => readFile(path.join(OUTBOX, file), "utf8")));
  return emails.map(emailText).filter((email) => email.includes(text));
}

test("staff find a guest's order, mark it shipped with a tracking number, and the shopper is told and sees it", async ({
  page,
  browser,
}) => {
  // A purchase, then the dashboard, the orders list and the order checked at both widths.
  test.setTimeout(90_000);
  const invoiceId = await buyAsGuest(page, "+6591230077");

  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await expect(staff).toHaveURL("/admin");
  const figures = staff.getByRole("region", { name: "Figures by period" });
  await expect(figures.getByRole("row", { name: /^Orders/ })).not.toContainText(/^Orders\s*0\s*0\s*0$/);
  await expect(staff.getByText(/^Daily sales: S\$/)).toBeVisible();
  const versus = staff.getByRole("region", { name: "Members against guests" });
  await expect(versus.getByRole("row", { name: /^Orders/ })).not.toContainText(/^Orders\s*\d+\s*0$/);
  await expectAccessibleAtBothWidths(staff, "dashboard");
  await staff.getByLabel("From (Singapore day)").fill("2026-03-20");
  await staff.getByLabel("To (included)").fill("2026-03-01");
  await staff.getByRole("button", { name: "Show" }).click();
  await expect(staff).toHaveURL("/admin?from=2026-03-20&to=2026-03-01");
  await expect(staff.getByRole("alert")).toHaveText("The range must not end before the day it starts.");
  await expectAccessibleAtBothWidths(staff, "dashboard-bad-range");
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
  await staff.getByLabel("Invoice, email, mobile or name").fill("+6591230077");
  await staff.getByRole("button", { name: "Search" }).click();
  await expectAccessibleAtBothWidths(staff, "orders");
  await staff.getByRole("link", { name: invoiceId }).click();
  await expect(staff.getByRole("heading", { name: `Order ${invoiceId}` })).toBeVisible();
  await expect(staff.getByRole("region", { name: "Customer and shipping", exact: true })).toContainText(SHIPPING.address);
  await expect(staff.getByRole("region", { name: "Emails", exact: true })).toContainText("Order confirmation");

  const ship = staff.getByRole("region", { name: "Mark shipped", exact: true });
  await ship.getByLabel("Carrier").selectOption({ label: "SingPost" });
  await ship.getByLabel("Tracking number").fill("SG-TRACK-4471");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(staff.getByRole("status")).toHaveText("Marked shipped. The shopper's shipping email is on its way.");
  await expect(staff.getByRole("region", { name: "Timeline", exact: true })).toContainText(
    "Shipped with SingPost, tracking SG-TRACK-4471",
  );
  await expectAccessibleAtBothWidths(staff, "order");

  await expect.poll(async () => (await emailsAbout(`Your order ${invoiceId} is on its way`)).length, { timeout: 15_000 }).toBe(1);
  const [email] = await emailsAbout(`Your order ${invoiceId} is on its way`);
  expect(email).toContain("SG-TRACK-4471");
  expect(email).toContain("https://www.singpost.com/track-items?trackingid=SG-TRACK-4471");

  await page.goto(`/order-details/${invoiceId}`);
  await expect(page.getByText("Shipped with SingPost, tracking number SG-TRACK-4471")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Shipped" })).toHaveAttribute("aria-current", "step");

  await staff.getByRole("button", { name: "Mark delivered" }).click();
  await expect(staff.getByRole("status")).toHaveText("Marked delivered.");
  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: "Delivered" })).toHaveAttribute("aria-current", "step");
});
