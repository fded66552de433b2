import { readFile } from "node:fs/promises";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { singaporeDate } from "../../kernel/singapore-time.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { buyAsGuest } from "./guest-order.ts";

test("staff read the sales report for chosen days, download the orders CSV line by line, and read the audit log in words", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const mobile = test.info().project.name === "phone" ? "+6591230082" : "+6591230081";
  const invoiceId = await buyAsGuest(page, mobile);
  const today = singaporeDate(new Date());

  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await expect(staff).toHaveURL("/admin");

  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Sales report" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Sales report" })).toBeVisible();
  await staff.getByLabel("From (Singapore day)").fill(today);
  await staff.getByLabel("To (included)").fill(today);
  await staff.getByRole("button", { name: "Show" }).click();
  await expect(staff).toHaveURL(`/admin/reports?from=${today}&to=${today}`);
  const byDay = staff.getByRole("region", { name: "Sales by day" });
  await expect(byDay.getByRole("row", { name: /^Total/ })).not.toContainText("S$0.00 S$0.00");
  // The range's totals stand first, in words a phone shows without scrolling the table sideways.
  const netOfTotalRow =
    (await byDay
      .getByRole("row", { name: /^Total/ })
      .getByRole("cell")
      .nth(6)
      .textContent()) ?? "";
  const totals = staff.getByRole("region", { name: /^Totals, / });
  await expect(totals.getByText("Net, with shipping").locator("xpath=following-sibling::dd")).toHaveText(netOfTotalRow);
  await expect(staff.getByRole("region", { name: "Sales by product" })).toContainText("Luna Collagen");
  await expectAccessibleAtBothWidths(staff, "sales-report");

  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
  await staff.getByLabel("Invoice, email, mobile or name").fill(mobile);
  await staff.getByRole("button", { name: "Search" }).click();
  await expect(staff).toHaveURL(/[?&]query=/);
  const downloading = staff.waitForEvent("download");
  await staff.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("orders.csv");
  const csv = await readFile(await download.path(), "utf8");
  const line = csv.split("\n").find((row) => row.startsWith(invoiceId));
  expect(line).toContain(`,${mobile.slice(3, 7)} ${mobile.slice(7)},`);
  expect(line).toContain(',product,"Luna Collagen');
  expect(line).toContain(",39.00,");

  await staff.getByRole("link", { name: invoiceId }).click();
  const ship = staff.getByRole("region", { name: "Mark shipped", exact: true });
  await ship.getByLabel("Carrier").selectOption({ label: "SingPost" });
  await ship.getByLabel("Tracking number").fill("SG-REPORT-1");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(staff.getByRole("status")).toHaveText("Marked shipped. The shopper's shipping email is on its way.");

  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Audit log" }).click();
  await staff.getByLabel("Action").selectOption({ label: "Order shipped" });
  await staff.getByRole("button", { name: "Filter" }).click();
  const entry = staff.getByRole("row").filter({ hasText: `Shipped order #${invoiceId}` });
  await expect(entry).toContainText("SG-REPORT-1");
  await expectAccessibleAtBothWidths(staff, "audit-log");
  await entry.getByRole("link", { name: `Order #${invoiceId}` }).click();
  await expect(staff.getByRole("heading", { name: `Order ${invoiceId}` })).toBeVisible();
});
