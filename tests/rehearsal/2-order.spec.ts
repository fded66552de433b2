import type { BrowserContextOptions } from "@playwright/test";
import { expect, test } from "../e2e/fixtures.ts";
import { addLycheeBoxes, SHIPPING } from "../e2e/guest-order.ts";
import { expectPoints } from "../e2e/member-points.ts";
import { newIdentity } from "../e2e/sign-in.ts";
import { emailsAbout, memberSignsIn, rehearsal, staffSignsIn } from "./rehearsal.ts";

test.describe.configure({ mode: "serial" });

const member = newIdentity("Google", "Lim Hui Min");
/** The member's cookies, for looking at /member again after the refund. */
let memberState: BrowserContextOptions["storageState"];
let invoiceId = "";

/** The order confirmation's opening line, and the points email's (two boxes at the two-box price, S$68.90 of goods, earn 68 points). */
const confirmationOf = (invoiceId: string) => `Thank you for your order ${invoiceId}, paid on`;
const pointsEmailOf = (invoiceId: string) => `Thank you for your order ${invoiceId}. It earned you 68 points.`;

test("a member shops, pays on the payment provider's card page, is emailed once and earns the order's points", async ({
  page,
}) => {
  await memberSignsIn(page, member);
  await addLycheeBoxes(page, "1 Box");
  await addLycheeBoxes(page, "1 Box");
  await page.goto("/bag");
  await expect(page.getByLabel(/^Quantity of/)).toHaveValue("2");

  await page.goto("/checkout/shipping");
  await page.getByLabel("Full name").fill(SHIPPING.name);
  await page.getByLabel("Email", { exact: true }).fill(member.email);
  await page.getByLabel("Mobile number").fill("9123 4567");
  await page.getByLabel("Address", { exact: true }).fill(SHIPPING.address);
  await page.getByLabel("Postal code").fill(SHIPPING.postalCode);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.screenshot({ path: test.info().outputPath("card-page.png"), fullPage: true });
  await page.getByRole("button", { name: /^Pay/ }).click();

  await expect(page).toHaveURL(new RegExp(`^${rehearsal.shopUrl}/checkout/complete/cs_test_`));
  await expect(page.getByRole("heading", { name: `Thank you, ${SHIPPING.name}!` })).toBeVisible();
  invoiceId = (await page.getByTestId("invoice-id").textContent()) ?? "";
  expect(invoiceId).toMatch(/^[A-Z0-9]{5,}$/);
  await page.screenshot({ path: test.info().outputPath("checkout-complete.png"), fullPage: true });

  const confirmation = confirmationOf(invoiceId);
  await expect.poll(async () => (await emailsAbout(confirmation)).length, { timeout: 30_000 }).toBe(1);
  const [email] = await emailsAbout(confirmation);
  expect(email).toContain(`Your invoice: ${rehearsal.shopUrl}/order/${invoiceId}`);
  // The member is also told what the order earned, in a programme email of its own.
  const pointsEmail = pointsEmailOf(invoiceId);
  await expect.poll(async () => (await emailsAbout(pointsEmail)).length, { timeout: 30_000 }).toBe(1);

  // 50 for joining, then a point for each whole S$1 of the S$68.90 of goods.
  await expectPoints(page, "118", /Ordered.*\+68 points/);
  await expect(page.getByTestId("member-orders")).toContainText(`Order ${invoiceId}`);
  memberState = await page.context().storageState();
});

test("staff ship the order and refund a line; the member sees the points taken back", async ({ page, browser }) => {
  await staffSignsIn(page);
  await page.goto(`/admin/orders?query=${invoiceId}`);
  await page.getByRole("link", { name: invoiceId }).click();
  await expect(page.getByRole("heading", { name: `Order ${invoiceId}` })).toBeVisible();

  const ship = page.getByRole("region", { name: "Mark shipped", exact: true });
  await ship.getByLabel("Carrier").selectOption({ label: "SingPost" });
  await ship.getByLabel("Tracking number").fill("SG-REHEARSAL-1");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByRole("status")).toHaveText("Marked shipped. The shopper's shipping email is on its way.");

  const refund = page.getByRole("region", { name: "Refund", exact: true });
  // Typing a line's quantity chooses "Some lines"; nothing is refunded before the amount is confirmed.
  await refund.getByLabel(/Lychee Luxe/).fill("1");
  await expect(refund.getByRole("radio", { name: "Some lines" })).toBeChecked();
  await refund.getByLabel("Reason").fill("One box arrived dented");
  await refund.getByRole("button", { name: "Refund…" }).click();
  const confirm = page.getByRole("region", { name: "Confirm the refund" });
  await expect(confirm).toContainText("Refund S$34.45 to the shopper's original payment method? This cannot be undone.");
  await confirm.getByRole("button", { name: "Refund S$34.45" }).click();
  await expect(page.getByRole("status")).toHaveText("S$34.45 refunded; the shopper's email is on its way.");
  await expect(page.getByRole("region", { name: "Timeline", exact: true })).toContainText("Refunded S$34.45");
  await page.screenshot({ path: test.info().outputPath("admin-order-refunded.png"), fullPage: true });

  await expect
    .poll(async () => (await emailsAbout(`We have refunded S$34.45 of your order ${invoiceId}`)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  await expect.poll(async () => (await emailsAbout(`Your order ${invoiceId} is on its way`)).length).toBe(1);
  // By now the queue has sent the later emails: the confirmation and the points email still went out exactly once.
  expect(await emailsAbout(confirmationOf(invoiceId))).toHaveLength(1);
  expect(await emailsAbout(pointsEmailOf(invoiceId))).toHaveLength(1);

  const memberPage = await (await browser.newContext({ storageState: memberState })).newPage();
  // The refunded box's S$34.45 earned 34 of the order's points.
  await expectPoints(memberPage, "84", /Refund.*\u221234 points/);
});
