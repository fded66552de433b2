import { writeFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { shownText } from "../setup/pdf-text.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { buyAsGuest, SHIPPING } from "./guest-order.ts";
import { emailsAbout } from "./outbox.ts";

test("staff ship three paid orders in one go from the shipping desk, print their packing slips, and each shopper is told once", async ({
  page,
  browser,
}, testInfo) => {
  // Three purchases, then the back office: long on a busy machine.
  test.setTimeout(180_000);
  // Each project's orders go to a postal code of their own, so the desk can be filtered to them.
  const postalCode = testInfo.project.name === "phone" ? "738102" : "738101";
  const invoices: string[] = [];
  for (const n of [1, 2, 3]) {
    const mobile = `+65912${postalCode.slice(-1)}00${n}${n}`;
    invoices.push(await buyAsGuest(page, mobile, "1 Box", { ...SHIPPING, name: `Shopper ${n}`, postalCode }));
  }

  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await expect(staff).toHaveURL("/admin");

  await staff.goto(`/admin/orders?query=${invoices[0]}`);
  await staff.getByRole("link", { name: invoices[0] }).click();
  await staff.getByLabel("New tag").fill("Gift wrap");
  await staff.getByRole("button", { name: "Add tag" }).click();
  await expect(staff.getByRole("status")).toHaveText("Tag added.");
  await staff.getByLabel("New note").fill("Shopper asked for a card saying happy birthday.");
  await staff.getByRole("button", { name: "Add note" }).click();
  await expect(staff.getByRole("list", { name: "Notes" })).toContainText("happy birthday");
  await expect(staff.getByRole("link", { name: "Packing slip (PDF)" })).toBeVisible();
  await expectAccessibleAtBothWidths(staff, "order-notes");

  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Shipping" }).click();
  await staff.getByLabel("Postal code starts with").fill(postalCode);
  await staff.getByRole("button", { name: "Filter" }).click();
  await expect(staff).toHaveURL(new RegExp(`[?&]area=${postalCode}`));
  const queue = staff.getByRole("list", { name: "Orders waiting to ship" });
  await expect(queue.getByRole("checkbox")).toHaveCount(3);
  // Oldest first: in the order they were bought.
  expect(await queue.getByRole("checkbox").evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value))).toEqual(
    invoices,
  );
  await expect(staff.getByRole("list", { name: `Tags of ${invoices[0]}` })).toHaveText("gift wrap");
  await staff.getByLabel("Carrier for the ticked orders").selectOption({ label: "Ninja Van" });
  for (const [index, invoiceId] of invoices.entries()) {
    await staff.getByLabel(`Tracking number for ${invoiceId}`).fill(`NV-DESK-${postalCode}-${index}`);
  }
  // Typing a tracking number ticks its order.
  await expect(queue.getByRole("checkbox", { checked: true })).toHaveCount(3);
  await expectAccessibleAtBothWidths(staff, "shipping-desk");

  await staff.getByRole("button", { name: "Ship ticked orders" }).click();
  await expect(staff.getByRole("status")).toHaveText("Shipped 3 orders. Each shopper's shipping email is on its way.");
  await expect(staff.getByText("No paid orders are waiting to ship among these.")).toBeVisible();
  await expectAccessibleAtBothWidths(staff, "shipping-desk-shipped");

  const slips = staff.getByRole("link", { name: "Packing slips for the 3 orders shipped (PDF)" });
  const response = await staff.request.get((await slips.getAttribute("href")) ?? "");
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const pdf = new Uint8Array(await response.body());
  expect((await PDFDocument.load(pdf)).getPageCount()).toBe(3);
  const text = shownText(pdf);
  for (const invoiceId of invoices) expect(text).toContain(invoiceId);
  expect(text).toContain(`Singapore ${postalCode}`);
  // The mobile for the courier, grouped as it is dialled.
  expect(text).toContain(`912${postalCode.slice(-1)} 0011`);
  if (process.env.SHOTS_DIR) await writeFile(`${process.env.SHOTS_DIR}/${testInfo.project.name}-packing-slips.pdf`, pdf);

  for (const [index, invoiceId] of invoices.entries()) {
    await expect
      .poll(async () => (await emailsAbout(`Your order ${invoiceId} is on its way`)).length, { timeout: 15_000 })
      .toBe(1);
    const [email] = await emailsAbout(`Your order ${invoiceId} is on its way`);
    expect(email).toContain(`NV-DESK-${postalCode}-${index}`);
  }

  // From a file: a file that cannot be read is refused in its own form, the file field taking the focus…
  const upload = staff.getByRole("region", { name: "Ship from a file" });
  const file = upload.getByLabel("Shipment CSV");
  await file.setInputFiles({ name: "ship.csv", mimeType: "text/csv", buffer: Buffer.from('"6ABC,ninjavan,NV-1\n') });
  await upload.getByRole("button", { name: "Ship from file" }).click();
  await expect(upload.getByRole("alert")).toHaveText("Line 1: a quoted field is never closed.");
  await expect(file).toBeFocused();
  await expect(file).toHaveAttribute("aria-invalid", "true");
  // …and a batch read from it brings the focus, and a phone's screen, up to its results.
  await file.setInputFiles({
    name: "ship.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Order Number,Carrier,Tracking No\n${invoices[0]},Ninja Van,NV-AGAIN-1\n`),
  });
  await upload.getByRole("button", { name: "Ship from file" }).click();
  await expect(staff.getByRole("heading", { name: "Shipping results" })).toBeFocused();
  await expect(staff.getByRole("alert")).toHaveText("Shipped 0 of 1; 1 could not be shipped, as each row below says.");
  await expect(staff.getByRole("region", { name: "Each order's outcome" })).toContainText("Not shipped");
  // A file over the desk's limit is never read, and is refused in its form like any other.
  await file.setInputFiles({
    name: "ship.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`order,carrier,tracking\n${"Y1,dhl,DHL-1234\n".repeat(20_000)}`),
  });
  await upload.getByRole("button", { name: "Ship from file" }).click();
  await expect(upload.getByRole("alert")).toHaveText("The file is larger than 200 kB; split it in two.");
  await expect(file).toBeFocused();
});
