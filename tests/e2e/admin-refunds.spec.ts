import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { emailText } from "../setup/email-text.ts";
import { shownText } from "../setup/pdf-text.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes, payWithTestCard, SHIPPING } from "./guest-order.ts";
import { newIdentity, signIn } from "./sign-in.ts";

/** The shop under test writes each email it sends into its data directory's outbox. */
const OUTBOX = path.resolve(import.meta.dirname, "../../data/e2e/outbox");

async function emailsAbout(text: string): Promise<string[]> {
  const files = await readdir(OUTBOX).catch(() => [] as string[]);
  const emails = await Promise.all(files.map((file) => readFile(path.join(OUTBOX, file), "utf8")));
  return emails.map(emailText).filter((email) => email.includes(text));
}

const points = async (page: import("@playwright/test").Page) => {
  await page.goto("/member");
  return Number((await page.getByTestId("member-points").textContent())?.replace(/,/g, ""));
};

test("staff refund part of a member's order: the money goes back, the points in proportion, and the shopper is told", async ({
  page,
  browser,
}) => {
  await signIn(page, newIdentity("Google", "Chua Li Ting"));
  await addLycheeBoxes(page, "3 Boxes");
  await payWithTestCard(page, "+6591230088");
  const invoiceId = (await page.getByTestId("invoice-id").textContent()) ?? "";
  const before = await points(page);

  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await staff.goto(`/admin/orders?query=${invoiceId}`);
  await staff.getByRole("link", { name: invoiceId }).click();

  const refund = staff.getByRole("region", { name: "Refund", exact: true });
  await refund.getByRole("radio", { name: "An amount" }).check();
  await refund.getByLabel("Amount in S$").fill("50.70");
  await refund.getByLabel("Reason").fill("Two boxes arrived dented");
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(staff.getByRole("status")).toHaveText("S$50.70 refunded; the shopper's email is on its way.");
  await expect(refund.getByLabel("Reason")).toHaveValue("");
  await expect(staff.getByRole("region", { name: "Refunds", exact: true })).toContainText("Two boxes arrived dented");
  await expect(staff.getByRole("region", { name: "Timeline", exact: true })).toContainText("Refunded S$50.70");
  await expectAccessibleAtBothWidths(staff, "order-refunded");

  const after = await points(page);
  expect(after).toBeLessThan(before);
  await expect
    .poll(async () => (await emailsAbout(`We have refunded S$50.70 of your order ${invoiceId}`)).length, { timeout: 15_000 })
    .toBe(1);

  await page.goto(`/order-details/${invoiceId}`);
  await expect(page.getByText(/Refunded: S\$50\.70 of S\$101\.40/)).toBeVisible();
  const creditNote = page.getByRole("link", { name: `Credit note ${invoiceId}-CN1 (S$50.70, PDF)` });
  const download = await page.request.get((await creditNote.getAttribute("href")) ?? "");
  expect(download.headers()["content-type"]).toBe("application/pdf");
  const text = shownText(await download.body());
  for (const part of ["Credit Note", `${invoiceId}-CN1`, "Two boxes arrived dented", "S$50.70", SHIPPING.name]) {
    expect(text).toContain(part);
  }
});
