import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { productShot } from "../../scripts/product-shot.ts";
import { picture } from "../setup/pictures.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { removeGalleryPhoto } from "./gallery.ts";

/** Each project its own product, so the two runs against one shop never see each other's photo. */
const PRODUCTS = {
  desktop: { name: "Joffee jelly coffee, 4-serving box", page: "/shop/joffee/j4", series: "j", label: "JOFFEE" },
  phone: { name: "Luna Collagen Nectar, 8-serving box", page: "/shop/luna-collagen/m8", series: "m", label: "LUNA" },
} as const;

test("staff upload a photo with its alt text; shoppers see it on the product page", async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  const product = PRODUCTS[info.project.name as keyof typeof PRODUCTS];
  const alt = `${product.name} standing on a linen cloth`;
  const staff = await (await browser.newContext()).newPage();
  await staff.goto("/admin/login");
  await staff.getByRole("button", { name: "Continue with Google" }).click();
  await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();

  await staff.goto("/admin/catalogue");
  await staff.getByRole("link", { name: `Photos of ${product.name}` }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Photos of ${product.name}` })).toBeVisible();
  await expect(staff.getByText("No photos yet: the shop shows its default picture until you add one.")).toBeVisible();

  // A speck of a picture, and a file too large to be read at all: each is refused in the form's words.
  await staff.getByLabel("Alt text (what the photo shows)").fill(alt);
  for (const [file, message] of [
    [
      { name: "dot.png", buffer: Buffer.from(await picture("png", 1, 1)) },
      "The picture is 1 × 1 pixels: a product photo needs at least 500 pixels on its shorter side.",
    ],
    [{ name: "huge.jpg", buffer: Buffer.alloc(11 * 1024 * 1024) }, "The picture is larger than 10 MB."],
  ] as const) {
    await staff.getByLabel("Photo", { exact: true }).setInputFiles({ ...file, mimeType: "image/jpeg" });
    await staff.getByRole("button", { name: "Upload photo" }).click();
    // The 11 MB file is sent whole before the page answers: on a busy machine that takes a while.
    await expect(staff.getByRole("alert")).toHaveText(message, { timeout: 30_000 });
  }
  await expect(staff.getByText("No photos yet: the shop shows its default picture until you add one.")).toBeVisible();

  await staff.getByLabel("Photo", { exact: true }).setInputFiles({
    name: "IMG_2041.JPG",
    mimeType: "image/jpeg",
    // Over 64 KB, as any camera's photo is; the page's script posts it to the page's .data address.
    buffer: Buffer.from(await productShot(product.series, product.label, { size: 3000 })),
  });
  await staff.getByLabel("Alt text (what the photo shows)").fill(alt);
  await staff.getByRole("button", { name: "Upload photo" }).click();
  // Encoding its variants takes a while on a busy machine: the page answers once all are stored.
  await expect(staff.getByRole("status")).toHaveText("The photo is added at the end of the gallery.", { timeout: 60_000 });
  await expect(staff.getByRole("img", { name: alt })).toBeVisible();

  // A second photo, moved to the front: the answer names it and the focus stays on it.
  const closeUp = `${product.name}, a close-up of the label`;
  await staff.getByLabel("Photo", { exact: true }).setInputFiles({
    name: "IMG_2042.JPG",
    mimeType: "image/jpeg",
    buffer: Buffer.from(await productShot(product.series, product.label, { size: 800 })),
  });
  await staff.getByLabel("Alt text (what the photo shows)").fill(closeUp);
  await staff.getByRole("button", { name: "Upload photo" }).click();
  await expect(staff.getByRole("status")).toHaveText("The photo is added at the end of the gallery.", { timeout: 60_000 });
  await staff.getByRole("button", { name: new RegExp(`^Move up\\W+${closeUp}$`) }).click();
  await expect(staff.getByRole("status")).toHaveText(`“${closeUp}” is now photo 1.`);
  await expect(staff.getByRole("button", { name: new RegExp(`^Move down\\W+${closeUp}$`) })).toBeFocused();

  // The shop's product page leads with the close-up now, which opens at full size.
  await page.goto(product.page);
  const mainPhoto = page.getByTestId("main-photo");
  await expect(mainPhoto.getByRole("img")).toHaveAccessibleName(closeUp);
  const fullSize = await page.request.get((await mainPhoto.getAttribute("href")) ?? "");
  expect([fullSize.status(), fullSize.headers()["content-type"]]).toEqual([200, "image/webp"]);
  // From md up a row of every photo sits beneath it; choosing one shows it large. A phone shows the
  // photo as a thumbnail beside the title instead, so the first screen keeps "Add to bag".
  const thumbnails = page.getByRole("list", { name: "Photos" });
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    await expect(thumbnails.getByRole("button", { name: `Show photo 1: ${closeUp}` })).toHaveAttribute("aria-pressed", "true");
    // Choosing a photo is the page's script: a click before it has hydrated does nothing.
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await thumbnails.getByRole("button", { name: `Show photo 2: ${alt}` }).click();
    await expect(mainPhoto.getByRole("img")).toHaveAccessibleName(alt);
    await expect(thumbnails.getByRole("button", { name: `Show photo 2: ${alt}` })).toHaveAttribute("aria-pressed", "true");
  } else {
    await expect(thumbnails).toBeHidden();
  }
  await expectAccessibleAtBothWidths(page, "product-gallery");
  await staff.getByRole("button", { name: new RegExp(`^Remove\\W+${closeUp}$`) }).click();
  await expect(staff.getByRole("status")).toHaveText(`“${closeUp}” is removed from the gallery.`);
  await expect(staff.getByRole("heading", { name: "Gallery (1)" })).toBeFocused();
  await expectAccessibleAtBothWidths(staff, "product-photos");
  await staff.getByRole("link", { name: "Edit the product" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await staff.getByRole("link", { name: "Photos", exact: true }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Photos of ${product.name}` })).toBeVisible();

  await page.goto(product.page);
  const photo = page.getByRole("img", { name: alt });
  await expect(photo).toBeVisible();
  // The browser picked an AVIF variant from the srcset and it loaded.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/photos\/[0-9a-f]{16}-\d+\.avif$/);
  await expectAccessibleAtBothWidths(page, "product-with-photo");

  // Leave the shop as the other journeys expect it.
  await removeGalleryPhoto(staff, alt);
  await page.reload();
  await expect(page.getByRole("img", { name: alt })).toHaveCount(0);
  // Without photos the page shows the product's default picture again.
  await expect(page.getByTestId("main-photo").getByRole("img")).toHaveAccessibleName(/^A box of /);
});
