import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/setup/chromium.ts";

/**
 * The production rehearsal's journeys (tests/rehearsal), run by `npm run rehearse` against the
 * topology scripts/rehearse/run.ts starts: nginx with a throwaway certificate in front of the shops.
 */
export default defineConfig({
  testDir: "tests/rehearsal",
  outputDir: "test-results/rehearsal",
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    baseURL: process.env.REHEARSAL_SHOP_URL,
    ignoreHTTPSErrors: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    ...devices["Desktop Chrome"],
  },
});
