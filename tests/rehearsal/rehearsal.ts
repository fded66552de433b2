import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect } from "../e2e/fixtures.ts";
import { continueAtProvider, type TestIdentity } from "../e2e/sign-in.ts";
import { emailText } from "../setup/email-text.ts";

/** What scripts/rehearse/run.ts tells the journeys about the topology it started. */
function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the rehearsal journeys run through npm run rehearse`);
  return value;
}

export const rehearsal = {
  shopUrl: setting("REHEARSAL_SHOP_URL"),
  stagingUrl: setting("REHEARSAL_STAGING_URL"),
  mailDir: setting("REHEARSAL_MAIL_DIR"),
  ownerEmail: setting("REHEARSAL_OWNER_EMAIL"),
  /** The production shops' database, for what a journey cannot see on a page (and for moving a date). */
  databaseUrl: setting("REHEARSAL_DATABASE_URL"),
  /** The Stripe stand-in's API, where a journey reads what the shop charged. */
  stripeUrl: setting("REHEARSAL_STRIPE_URL"),
  metricsToken: setting("METRICS_TOKEN"),
  /** The two production shop processes behind nginx. */
  shops: JSON.parse(setting("REHEARSAL_SHOPS")) as { pid: number; port: number }[],
};

export const owner: TestIdentity = { provider: "Google", email: rehearsal.ownerEmail, name: "Shop Owner" };

/** The pool sends the browser back to the return address staging and production register: with a trailing slash. */
const callbackTo = (page: Page, address: string) =>
  page.waitForRequest((request) => {
    const url = new URL(request.url());
    return `${url.origin}${url.pathname}` === `${address}/` && url.searchParams.has("code");
  });

/** Signs in a member at `base`'s /member/login through the identity pool, ending on /member. */
export async function memberSignsIn(page: Page, identity: TestIdentity, base = rehearsal.shopUrl) {
  await page.goto(`${base}/member/login`);
  const callback = callbackTo(page, `${base}/member/login`);
  await page.getByRole("button", { name: `Continue with ${identity.provider}` }).click();
  await continueAtProvider(page, identity);
  await callback;
  await expect(page).toHaveURL(`${base}/member`);
}

/** Signs the owner in at `base`'s /admin/login through the identity pool, ending on the back office. */
export async function staffSignsIn(page: Page, base = rehearsal.shopUrl) {
  await page.goto(`${base}/admin/login`);
  const callback = callbackTo(page, `${base}/admin/login`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await continueAtProvider(page, owner);
  await callback;
  await expect(page).toHaveURL(`${base}/admin`);
  await expect(page.getByRole("heading", { name: "Back office" })).toBeVisible();
}

/** The plain text of every message the mail server received that mentions `text`. */
export async function emailsAbout(text: string): Promise<string[]> {
  const files = await readdir(rehearsal.mailDir);
  const emails = await Promise.all(files.map((file) => readFile(path.join(rehearsal.mailDir, file), "utf8")));
  return emails.map(emailText).filter((email) => email.includes(text));
}
