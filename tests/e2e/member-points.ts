import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The member's balance and the newest entry of their point history, as the member page shows them. */
export async function expectPoints(page: Page, balance: string, newest: RegExp) {
  await page.goto("/member");
  await expect(page.getByTestId("member-points")).toHaveText(balance);
  await expect(page.getByTestId("point-history").getByRole("listitem").first()).toContainText(newest);
}
