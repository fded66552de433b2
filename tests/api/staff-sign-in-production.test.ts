import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { freePort } from "../setup/free-port.ts";
import { openBrowser, setCookieFor, signInAtProvider } from "../setup/shop-browser.ts";
import { eventually } from "../setup/test-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { trustedThrowawayCertificate } from "../setup/throwaway-tls.ts";

const POOL_SCRIPT = path.resolve(import.meta.dirname, "../../scripts/rehearse/identity-pool.ts");
type PoolClient = { issuer: string; clientId: string; clientSecret: string };

/**
 * Production as deployed: the shop is a client of a hosted user pool over HTTPS (here the embedded
 * provider served by a process of its own), and the pool returns to the addresses with a trailing slash.
 */
describe("staff sign-in in production, through a hosted user pool", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-pool-"));
  let poolProcess: ChildProcess;
  let pool: PoolClient;
  let shop: TestServer;
  beforeAll(async () => {
    const { keyFile, certFile } = trustedThrowawayCertificate(dir);
    const [poolPort, shopPort] = [await freePort(), await freePort()];
    const shopUrl = `http://127.0.0.1:${shopPort}`;
    const clientFile = path.join(dir, "client.json");
    poolProcess = spawn(process.execPath, [POOL_SCRIPT], {
      env: {
        ...process.env,
        PORT: String(poolPort),
        PUBLIC_URL: `https://127.0.0.1:${poolPort}`,
        DATA_DIR: path.join(dir, "pool"),
        SHOP_URLS: shopUrl,
        CLIENT_FILE: clientFile,
        TLS_KEY_FILE: keyFile,
        TLS_CERT_FILE: certFile,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await eventually(async () => existsSync(clientFile), Boolean, 120_000);
    pool = JSON.parse(readFileSync(clientFile, "utf8")) as PoolClient;
    shop = await startTestServer({
      APP_ENV: "production",
      PORT: String(shopPort),
      PUBLIC_URL: shopUrl,
      OIDC_ISSUER: pool.issuer,
      OIDC_CLIENT_ID: pool.clientId,
      OIDC_CLIENT_SECRET: pool.clientSecret,
      OWNER_EMAILS: TEST_OWNER.email,
      // Never called here: staff sign-in takes no payment.
      STRIPE_SECRET_KEY: "sk_test_production_sign_in",
      STRIPE_WEBHOOK_SECRET: "whsec_production_sign_in",
      EMAIL_LINK_SECRET: "production-sign-in-email-link-secret-0123",
    });
  }, 180_000); // two processes start here, each migrating a database of its own: slow on a busy machine

  afterAll(async () => {
    await shop?.close();
    poolProcess?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("returns to /admin/login/ and opens the back office with a __Host-staff cookie", async () => {
    expect(shop.server.identityProvider).toBeNull();
    const browser = openBrowser(shop);
    const start = await browser.post("/admin/login", { provider: TEST_OWNER.provider });
    expect(start.status).toBe(303);
    const authorize = new URL(start.headers.get("location") ?? "");
    expect(authorize.origin).toBe(new URL(pool.issuer).origin);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${shop.baseUrl}/admin/login/`);
    const callback = await signInAtProvider(browser.jar, authorize, TEST_OWNER);
    expect(callback.pathname).toBe("/admin/login/");
    const landing = await browser.get(`${callback.pathname}${callback.search}`);
    expect(landing.status).toBe(303);
    expect(landing.headers.get("location")).toBe("/admin");
    expect(setCookieFor(landing, "__Host-staff")).toMatch(/; Secure$/);
    const home = await browser.get("/admin");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(">Back office</h1>");
  });

  it("signs a member in at /member/login/ the same way", async () => {
    const browser = openBrowser(shop);
    const { callback, landing } = await browser.signIn({
      provider: "facebook",
      email: "prod.member@example.com",
      name: "Prod Member",
    });
    expect(callback.pathname).toBe("/member/login/");
    expect(landing.headers.get("location")).toBe("/member");
    expect((await browser.get("/member/account")).status).toBe(200);
  });
});
