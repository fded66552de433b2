import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { buyAsGuest } from "./guest-order.ts";
import { newIdentity, signIn } from "./sign-in.ts";

/** SHOTS_DIR=/some/folder keeps screenshots of the form's answers, as the member sees them, for a person to look at. */
async function keepShot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${test.info().project.name}-${name}.png` });
}

test("a member claims a past guest order by invoice and mobile and sees its points", async ({ page, browser }) => {
  const guest = await browser.newPage();
  const invoiceId = await buyAsGuest(guest, "8123 4567");
  await guest.close();
  expect(invoiceId).toMatch(/^[0-9A-Z]{8}$/);

  await signIn(page, newIdentity("Google", "Siti Rahmah"));
  const form = page.getByRole("region", { name: "Claim a past order" });
  await expect(page.getByTestId("member-points")).toHaveText("50");

  await form.getByLabel("Invoice number").fill(invoiceId.toLowerCase());
  await expect(form.getByLabel("Invoice number")).toHaveCSS("text-transform", "uppercase");
  await form.getByLabel("Mobile number on the order").fill("9123 4567");
  await form.getByRole("button", { name: "Claim order" }).click();
  await expect(form.getByRole("alert")).toHaveText("We couldn't find an order with that invoice number and mobile number.");
  await expect(page.getByTestId("member-points")).toHaveText("50");
  await expect(form.getByRole("alert")).toBeInViewport();
  await keepShot(page, "claim-error");

  await form.getByLabel("Mobile number on the order").fill("+65 8123-4567");
  await form.getByRole("button", { name: "Claim order" }).click();
  await expect(form.getByRole("status")).toHaveText(
    `Order ${invoiceId} is on your membership: 39 points added and S$39.00 counted towards your spend.`,
  );
  await expect(form.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("member-points")).toHaveText("89");
  await expect(page.getByTestId("member-total-spent")).toHaveText("S$39.00");
  await expect(page.getByTestId("member-purchases")).toHaveText("1");
  await expect(page.getByTestId("point-history").getByRole("listitem").first()).toContainText("Ordered");
  await expect(page.getByTestId("member-orders")).toContainText(`Order ${invoiceId}`);
  await expect(form.getByLabel("Invoice number")).toHaveValue("");
  await expect(form.getByRole("status")).toBeInViewport();
  await keepShot(page, "claim-success");

  await form.getByLabel("Invoice number").fill(invoiceId);
  await form.getByLabel("Mobile number on the order").fill("81234567");
  await form.getByRole("button", { name: "Claim order" }).click();
  await expect(form.getByRole("alert")).toHaveText("You have already linked this order.");
});
