import { test as base, expect, type Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { queryRows } from "../setup/test-database.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { closeOwnShop } from "./own-shop.ts";

// This journey throws in the page on purpose, so it does without the fixture that fails on page errors.
const test = base;
const ALERT_PATH = "/staging/dkv4/debug/send-email-to-admin";

let staging: TestServer;
test.beforeAll(async () => {
  // A shop of its own: migrating and seeding its database takes a while on a busy machine.
  test.setTimeout(120_000);
  staging = await startTestServer({ APP_ENV: "staging", ADMIN_EMAIL: "ops-admin@nectarlab.sg" });
});
test.afterAll(() => closeOwnShop(staging));

/** The alert bodies the page posts, as they leave the browser. */
function alertsSentBy(page: Page): Array<{ data: { env: string; path: string; message: string } }> {
  const sent: Array<{ data: { env: string; path: string; message: string } }> = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === ALERT_PATH) sent.push(request.postDataJSON());
  });
  return sent;
}

const messages = (sent: Array<{ data: { message: string } }>) => sent.map((alert) => alert.data.message);

test("a staging page reports each distinct unhandled error once, and a missing page none", async ({ page }) => {
  const sent = alertsSentBy(page);
  const missing = await page.goto(`${staging.baseUrl}/no-such-page`);
  expect(missing?.status()).toBe(404);
  // Thrown again and again until the hydrated page listens: still one alert per message, and none
  // for the 404 itself, whose error page had hydrated before.
  await expect
    .poll(async () => {
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error("Boom from a timer");
        });
        Promise.reject(new Error("A promise nobody awaited"));
      });
      return messages(sent).sort();
    })
    .toEqual(["A promise nobody awaited", "Boom from a timer"]);
  expect(sent.map((alert) => alert.data.env)).toEqual(["staging", "staging"]);
  const path = new URL(page.url()).pathname;
  expect(sent.map((alert) => alert.data.path)).toEqual([path, path]);
  await expect
    .poll(async () => {
      const rows = await queryRows<{ message: string }>(
        staging.server.database.db,
        sql`select message from error_alerts order by message`,
      );
      return rows.map((row) => row.message);
    })
    .toEqual(["A promise nobody awaited", "Boom from a timer"]);
});
