import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/setup/chromium.ts";

// Another port lets a second copy of the suite run beside this one.
const PORT = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: "tests/e2e",
  // Specs that start a shop of their own copy this run's migrated template database.
  globalSetup: "./tests/setup/database-template.ts",
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A journey of several pages, each checked by axe at two widths, on a machine other work shares.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"] } },
    { name: "phone", use: { ...devices["Pixel 7"] } },
  ],
  webServer: {
    command: `rm -rf data/e2e && node server/index.ts`,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      // The embedded identity provider names itself by this address, which must be the browser's.
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      HOST: "127.0.0.1",
      DATA_DIR: "data/e2e",
      APP_ENV: "test",
      LOG_LEVEL: "warn",
      TRUSTED_PROXY_HOPS: "1",
    },
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
