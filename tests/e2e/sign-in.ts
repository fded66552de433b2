import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

export type TestIdentity = { provider: "Google" | "Facebook"; email: string; name: string };

/** The e2e database lives for a whole run, so every journey signs in as somebody new. */
export function newIdentity(provider: TestIdentity["provider"], name = "Tan Wei Ling"): TestIdentity {
  return { provider, email: `member-${randomUUID().slice(0, 12)}@example.com`, name };
}

/** Completes the embedded identity provider's sign-in page as the given person. */
export async function continueAtProvider(page: Page, identity: TestIdentity) {
  await expect(page).toHaveURL(/\/dev-idp\/interaction\//);
  await page.getByRole("radio", { name: identity.provider }).check();
  await page.getByLabel("Email", { exact: true }).fill(identity.email);
  await page.getByLabel("Name", { exact: true }).fill(identity.name);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
}

/** Signs in from the login page and waits to be back on `returnTo`. */
export async function signIn(page: Page, identity: TestIdentity, returnTo = "/member") {
  await page.goto(`/member/login?redirect=${encodeURIComponent(returnTo)}`);
  await page.getByRole("button", { name: `Continue with ${identity.provider}` }).click();
  await continueAtProvider(page, identity);
  await expect(page).toHaveURL(returnTo);
}
