import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Removes a photo, by its alt text, from the product photos page staff have open, and waits for the answer. */
export async function removeGalleryPhoto(staff: Page, alt: string) {
  await staff
    .getByRole("listitem")
    .filter({ hasText: alt })
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(staff.getByRole("status")).toHaveText(`“${alt}” is removed from the gallery.`);
}
