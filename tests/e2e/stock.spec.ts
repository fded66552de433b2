import type { Page } from "@playwright/test";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { payWithTestCard } from "./guest-order.ts";

/** Each project sells out a flavour of its own, since both run against one shop. */
const FLAVOURS = { desktop: { name: "Yuzu Delight", skuId: "myd8" }, phone: { name: "Strawberry Bliss", skuId: "msb8" } };

async function adjust(staff: Page, skuId: string, reason: string, change: number) {
  const form = staff.getByRole("region", { name: "Adjust stock" });
  await form.getByLabel("SKU").selectOption(skuId);
  await form.getByLabel("Reason").selectOption({ label: reason });
  await form.getByLabel(/^Change in boxes/).fill(String(change));
  await form.getByLabel("Note (optional)").fill("Shelf check");
  await form.getByRole("button", { name: "Adjust" }).click();
  // The answer shows in the form that was sent, where a phone's screen still is.
  await expect(form.getByRole("status")).toContainText(`(${skuId}): ${change > 0 ? "+" : ""}${change}`);
}

const availableCell = (staff: Page, skuId: string) =>
  staff.getByRole("row").filter({ hasText: skuId }).first().getByRole("cell").nth(2);
const availableOf = async (staff: Page, skuId: string) =>
  Number.parseInt((await availableCell(staff, skuId).textContent()) ?? "", 10);

async function chooseFlavour(page: Page, flavour: string) {
  await page.goto("/shop/luna-collagen/m8");
  await page.getByRole("button", { name: flavour, exact: true }).click();
}

test("staff leave two boxes, a shopper buys them, and the option then shows sold out and cannot be added", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const flavour = FLAVOURS[testInfo.project.name as keyof typeof FLAVOURS] ?? FLAVOURS.desktop;
  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Stock", exact: true }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();

  await adjust(staff, flavour.skuId, "Count correction", 2 - (await availableOf(staff, flavour.skuId)));
  await expect(availableCell(staff, flavour.skuId)).toHaveText(/^2\b/);
  await expect(staff.getByRole("region", { name: "Latest stock movements" }).getByRole("row").nth(1)).toContainText(
    "Count correction",
  );
  const threshold = staff.getByRole("region", { name: "Low-stock threshold" });
  await threshold.getByLabel("SKU").selectOption(flavour.skuId);
  await threshold.getByLabel("Threshold").fill("20");
  await threshold.getByRole("button", { name: "Set threshold" }).click();
  await expect(threshold.getByRole("status")).toHaveText(
    `${flavour.name} (${flavour.skuId}): staff are emailed once at 20 left.`,
  );
  await expectAccessibleAtBothWidths(staff, "admin-stock");

  // Another shopper puts a box in their bag while there are still two.
  const late = await (await browser.newContext()).newPage();
  await chooseFlavour(late, flavour.name);
  await late.getByRole("radio", { name: /^1 Box/ }).check();
  await late.getByRole("button", { name: "Add to bag" }).click();
  await expect(late.getByRole("status")).toContainText("Added to your bag.");

  await chooseFlavour(page, flavour.name);
  await page.getByRole("radio", { name: /^2 Boxes/ }).check();
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
  // A second pair of boxes is more than is left: the bag stays as it is and says what it holds.
  await page.goto("/bag");
  await page.getByRole("button", { name: /^One more/ }).click();
  await expect(page.getByRole("alert")).toHaveText(
    new RegExp(`^Only 1 of .*${flavour.name} · 2 Boxes left\\. Your bag already has 1\\.$`),
  );
  await expect(page.getByLabel(/^Quantity of/)).toHaveValue("1");
  await payWithTestCard(page, "9123 4567");

  // The other shopper's box sold out while it waited in their bag.
  await late.goto("/bag");
  await expect(late.getByTestId("line-sold-out")).toHaveText("Sold out since you added it. Remove it to check out.");
  await expectAccessibleAtBothWidths(late, "bag-sold-out-line");
  // The summary says so before the delivery form, and the form is not reached around it.
  await late.goto("/checkout/summary");
  await expect(late.getByTestId("line-stock")).toContainText("is sold out. Please remove it from your bag.");
  await expect(late.getByRole("link", { name: "Continue to shipping" })).toHaveCount(0);
  await expectAccessibleAtBothWidths(late, "summary-sold-out-line");
  await late.goto("/checkout/shipping");
  await expect(late).toHaveURL("/checkout/summary");
  await late.getByRole("alert").getByRole("link", { name: "Change your bag" }).click();
  await expect(late).toHaveURL("/bag");

  await chooseFlavour(page, flavour.name);
  const oneBox = page.getByRole("radio", { name: /^1 Box/ });
  await expect(page.getByRole("group", { name: "Choose an option" }).getByText("Sold out").first()).toBeVisible();
  await oneBox.check();
  await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add to bag" })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, "product-sold-out");

  await staff.reload();
  await expect(availableCell(staff, flavour.skuId)).toHaveText(/^0\b/);
  // Leave the shop selling as the other journeys expect it.
  await adjust(staff, flavour.skuId, "Received", 200);
  await chooseFlavour(page, flavour.name);
  await page.getByRole("radio", { name: /^1 Box/ }).check();
  await expect(page.getByRole("button", { name: "Add to bag" })).toBeEnabled();
});
