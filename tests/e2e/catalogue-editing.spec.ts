import type { Page } from "@playwright/test";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { productShot } from "../../scripts/product-shot.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { removeGalleryPhoto } from "./gallery.ts";
import { payWithTestCard } from "./guest-order.ts";

const PRODUCT = "Lean Up Nectar, 8-serving box";

/** Each project adds a flavour of its own: the two share one shop for the run. */
const FLAVOURS = {
  desktop: { skuId: "lkl8", variant: "kl", name: "Kiwi Lime", mobile: "9000 1101" },
  phone: { skuId: "lkm8", variant: "km", name: "Kiwi Mint", mobile: "9000 1102" },
} as const;

async function signInToBackOffice(staff: Page) {
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
}

/** The option's form in a second tab opened before a save in the first: its save is refused, then saved again it goes through. */
async function expectStaleSaveRefused(staff: Page, optionId: string) {
  const second = await staff.context().newPage();
  await second.goto(staff.url());
  const optionIn = async (tab: Page) => {
    const option = tab.getByRole("listitem").filter({ hasText: optionId });
    await option.getByText(optionId).click();
    return option;
  };
  const first = await optionIn(staff);
  await first.getByLabel("Price (S$)").fill("35");
  await first.getByRole("button", { name: "Save option" }).click();
  await expect(first.getByRole("status")).toContainText("Saved 1 Box");

  const late = await optionIn(second);
  await late.getByLabel("Price (S$)").fill("37");
  await late.getByRole("button", { name: "Save option" }).click();
  await expect(late.getByRole("alert")).toContainText("Someone else saved this option after you opened this page");
  await expect(late.getByText("S$35.00")).toBeVisible();
  await late.getByLabel("Price (S$)").fill("36.50");
  await late.getByRole("button", { name: "Save option" }).click();
  await expect(late.getByRole("status")).toContainText("Saved 1 Box");
  await second.close();
}

test("staff add a flavour, a purchase option for it and a photo; a shopper finds it, adds it to the bag and buys it", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const flavour = FLAVOURS[test.info().project.name as keyof typeof FLAVOURS];
  const staff = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
  await signInToBackOffice(staff);
  await staff.goto("/admin/catalogue");
  await staff.getByRole("link", { name: "Flavours", exact: true }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Flavours" })).toBeVisible();
  await expectAccessibleAtBothWidths(staff, "admin-flavours");

  const newFlavour = staff.getByRole("region", { name: "New flavour" });
  await newFlavour.getByLabel("SKU id").fill(flavour.skuId);
  await newFlavour.getByLabel("Series").selectOption({ label: "Lean Up Calorie Burning" });
  await newFlavour.getByLabel("Flavour").fill(flavour.name);
  await newFlavour.getByLabel("Retail price (S$)").fill("0");
  await newFlavour.getByRole("button", { name: "Add flavour" }).click();
  await expect(newFlavour.getByRole("alert")).toHaveText("Retail price must be an amount in S$ above 0.");
  await expect(newFlavour.getByLabel("Retail price (S$)")).toBeFocused();
  await newFlavour.getByLabel("Retail price (S$)").fill("39");
  await newFlavour.getByLabel("Opening stock (boxes)").fill("50");
  await newFlavour.getByRole("button", { name: "Add flavour" }).click();
  await expect(newFlavour.getByRole("status")).toContainText(`Added ${flavour.skuId} (${flavour.name})`);

  await staff.getByRole("link", { name: "All products" }).click();
  await staff.getByRole("link", { name: PRODUCT, exact: true }).click();
  await expect(staff.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();
  await expectAccessibleAtBothWidths(staff, "admin-product");
  const newOption = staff.getByRole("region", { name: "New purchase option" });
  await newOption.getByLabel("Variant").fill(flavour.variant);
  await newOption.getByLabel("Count").fill("1");
  await newOption.getByLabel("Option name").fill("1 Box");
  await newOption.getByLabel("Price (S$)").fill("36.50");
  await newOption.getByLabel("Flavour").selectOption(flavour.name);
  await newOption.getByRole("button", { name: "Add option" }).click();
  await expect(newOption.getByRole("alert")).toHaveText("Add at least one SKU line.");
  await newOption.getByLabel("SKU, line 1").fill(flavour.skuId);
  await newOption.getByRole("button", { name: "Add option" }).click();
  await expect(newOption.getByRole("status")).toHaveText(`Added the option op-l8_${flavour.variant}-1b.`);
  await expectStaleSaveRefused(staff, `op-l8_${flavour.variant}-1b`);

  const alt = `${flavour.name} nectar box beside a glass`;
  await staff.getByRole("link", { name: "All products" }).click();
  await staff.getByRole("link", { name: `Photos of ${PRODUCT}` }).click();
  await staff.getByLabel("Photo", { exact: true }).setInputFiles({
    name: `${flavour.skuId}.jpg`,
    mimeType: "image/jpeg",
    buffer: Buffer.from(await productShot("l", "LEAN UP", { size: 800 })),
  });
  await staff.getByLabel("Alt text (what the photo shows)").fill(alt);
  await staff.getByRole("button", { name: "Upload photo" }).click();
  // Encoding its variants takes a while on a busy machine: the page answers once all are stored.
  await expect(staff.getByRole("status")).toHaveText("The photo is added at the end of the gallery.", { timeout: 60_000 });

  await page.goto("/shop/lean-up-calorie-burning/l8");
  await expect(page.getByRole("img", { name: alt })).toBeVisible();
  await page.getByRole("button", { name: flavour.name, exact: true }).click();
  await expect(page.getByRole("radio", { name: /^1 Box/ })).toBeChecked();
  await expect(page.getByTestId("price-block")).toContainText("S$36.50");
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");
  await page.goto("/bag");
  await expect(page.getByRole("main")).toContainText(flavour.name);
  await payWithTestCard(page, flavour.mobile);
  await expect(page.getByRole("main")).toContainText(flavour.name);
  await expect(page.getByRole("main")).toContainText("S$36.50");

  // Leave the product as the other journeys expect it.
  await removeGalleryPhoto(staff, alt);
});
