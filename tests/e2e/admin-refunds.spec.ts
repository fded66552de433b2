import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { emailText } from "../setup/email-text.ts";
import { shownText } from "../setup/pdf-text.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes, payWithTestCard, SHIPPING } from "./guest-order.ts";
import { expectPoints } from "./member-points.ts";
import { newIdentity, signIn } from "./sign-in.ts";

/** The shop under test writes each email it sends into its data directory's outbox. */
const OUTBOX = path.resolve(import.meta.dirname, "../../data/e2e/outbox");

async function emailsAbout(text: string): Promise<string[]> {
  const files = await readdir(OUTBOX).catch(() => [] as string[]);
  const emails = await Promise.all(files.map((file) => readFile(path.join(OUTBOX, file), "utf8")));
  return emails.map(emailText).filter((email) => email.includes(text));
}

test("staff refund a box of a member's order after confirming the amount: the money goes back, the points in proportion, and the shopper is told", async ({
  page,
  browser,
}) => {
  // A purchase, two back-office pages checked at two widths each, and the shopper's side.
  test.setTimeout(120_000);
  await signIn(page, newIdentity("Google", "Chua Li Ting"));
  await addLycheeBoxes(page, "1 Box");
  await addLycheeBoxes(page, "1 Box");
  await payWithTestCard(page, "+6591230088");
  const invoiceId = (await page.getByTestId("invoice-id").textContent()) ?? "";
  // 50 for joining, then a point for each whole S$1 of the S$68.90 of goods (two boxes at the two-box price).
  await expectPoints(page, "118", /Ordered.*\+68 points/);

  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await staff.goto(`/admin/orders?query=${invoiceId}`);
  await staff.getByRole("link", { name: invoiceId }).click();

  const refund = staff.getByRole("region", { name: "Refund", exact: true });
  const kind = (name: string) => refund.getByRole("radio", { name, exact: true });
  for (const name of ["Everything left, S$68.90", "An amount", "Some lines"]) await expect(kind(name)).not.toBeChecked();
  // What is typed chooses the kind of refund, and empties the other kind's field: the page's script,
  // which does nothing to what is typed before the page has hydrated.
  await expect(staff.locator("html[data-hydrated]")).toBeAttached();
  await refund.getByLabel("Amount in S$").fill("10");
  await expect(kind("An amount")).toBeChecked();
  const box = refund.getByRole("spinbutton", { name: /Lychee Luxe/ });
  await box.fill("1");
  await expect(kind("Some lines")).toBeChecked();
  await expect(refund.getByLabel("Amount in S$")).toHaveValue("");
  await refund.getByLabel("Reason").fill("One box arrived dented");
  await refund.getByRole("button", { name: "Refund…" }).click();

  // Nothing is refunded before the amount worked out on the server is confirmed.
  const confirm = staff.getByRole("region", { name: "Confirm the refund" });
  await expect(confirm).toContainText("Refund S$34.45 to the shopper's original payment method? This cannot be undone.");
  await expect(confirm).toContainText(/1 × .*Lychee Luxe/);
  await expect(confirm.getByRole("heading", { name: "Confirm the refund" })).toBeFocused();
  await expect(staff.getByText("Paid S$68.90; refunded S$0.00")).toBeVisible();
  await expectAccessibleAtBothWidths(staff, "order-refund-confirm");
  await confirm.getByRole("button", { name: "Refund S$34.45" }).click();
  await expect(staff.getByRole("status")).toHaveText("S$34.45 refunded; the shopper's email is on its way.");
  await expect(confirm).toBeHidden();
  await expect(refund.getByLabel("Reason")).toHaveValue("");
  await expect(box).toHaveValue("");
  await expect(refund).toContainText("2 bought, S$68.90; 1 refunded");

  const refunds = staff.getByRole("region", { name: "Refunds of this order" });
  await expect(refunds).toContainText("One box arrived dented");
  await expect(refunds).toContainText(/1 × .*Lychee Luxe/);
  await expect(staff.getByRole("region", { name: "Timeline", exact: true })).toContainText("Refunded S$34.45");
  await expectAccessibleAtBothWidths(staff, "order-refunded");
  const staffNote = refunds.getByRole("link", { name: `${invoiceId}-CN1 (PDF)` });
  const staffPdf = await staff.request.get((await staffNote.getAttribute("href")) ?? "");
  expect(staffPdf.headers()["content-type"]).toBe("application/pdf");
  expect(shownText(await staffPdf.body())).toContain("Items credited");

  // Half the price refunded takes back half the order's 68 points.
  await expectPoints(page, "84", /Refund.*\u221234 points/);
  await expect
    .poll(async () => (await emailsAbout(`We have refunded S$34.45 of your order ${invoiceId}`)).length, { timeout: 15_000 })
    .toBe(1);

  await page.goto(`/order-details/${invoiceId}`);
  await expect(page.getByText(/Refunded: S\$34\.45 of S\$68\.90/)).toBeVisible();
  const creditNote = page.getByRole("link", { name: `Credit note ${invoiceId}-CN1 (S$34.45, PDF)` });
  const download = await page.request.get((await creditNote.getAttribute("href")) ?? "");
  expect(download.headers()["content-type"]).toBe("application/pdf");
  const text = shownText(await download.body());
  for (const part of ["Credit Note", `${invoiceId}-CN1`, "One box arrived dented", "S$34.45", "Items credited", SHIPPING.name]) {
    expect(text).toContain(part);
  }

  // Cancelling asks the same way: keeping the order changes nothing, confirming cancels it.
  const cancel = staff.getByRole("region", { name: "Cancel order", exact: true });
  const cancelOnce = async () => {
    await cancel.getByLabel("Reason").fill("Customer changed their mind");
    await cancel.getByRole("button", { name: "Cancel order and refund…" }).click();
    const asked = staff.getByRole("region", { name: "Confirm the cancellation" });
    await expect(asked).toContainText(
      "Cancel this order and refund S$34.45 to the shopper's original payment method? This cannot be undone.",
    );
    return asked;
  };
  await (await cancelOnce()).getByRole("link", { name: "Keep the order" }).click();
  await expect(staff.getByRole("region", { name: "Confirm the cancellation" })).toBeHidden();
  await expect(staff.getByText("Paid, not yet shipped")).toBeVisible();
  await (await cancelOnce()).getByRole("button", { name: "Cancel order and refund S$34.45" }).click();
  await expect(staff.getByRole("status")).toHaveText("Cancelled. S$34.45 refunded; the shopper's email is on its way.");
  await expect(cancel).toBeHidden();
  // The rest of the price refunded takes back the rest of the order's points: only the joining points are left.
  await expectPoints(page, "50", /Refund.*\u221234 points/);
});
