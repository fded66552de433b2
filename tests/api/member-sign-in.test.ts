import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { signInAttempts } from "../../db/schema/sessions.ts";
import { fetchWithJar } from "../setup/embedded-sign-in.ts";
import { newPerson, openBrowser, setCookieFor, storedSession } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const THIRTY_DAYS = 30 * 24 * 60 * 60;

describe("signing in over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const attemptOf = async (start: Response) => {
    const state = new URL(start.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const [row] = await shop.server.database.db.select().from(signInAttempts).where(eq(signInAttempts.state, state));
    return row ?? null;
  };

  it("goes through the provider and lands on the return path with an HttpOnly, SameSite=Lax session cookie", async () => {
    const browser = openBrowser(shop);
    const person = newPerson("google", "Tan Mei Ling");
    const { start, callback, landing } = await browser.signIn(person, "/member/account");

    expect(start.status).toBe(303);
    expect(start.headers.get("location")).toMatch(new RegExp(`^${shop.server.identityProvider?.issuer}/auth\\?`));
    expect(setCookieFor(start, "signin")).toMatch(
      /^signin=[A-Za-z0-9_-]{43}; Path=\/member; HttpOnly; SameSite=Lax; Max-Age=600$/,
    );
    expect(callback.pathname).toBe("/member/login");
    expect(callback.searchParams.get("code")).toBeTruthy();

    expect(landing.status).toBe(303);
    expect(landing.headers.get("location")).toBe("/member/account");
    const cookie = setCookieFor(landing, "session") ?? "";
    const [, maxAge] = /^session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(\d+)$/.exec(cookie) ?? [];
    expect(Number(maxAge)).toBeGreaterThan(THIRTY_DAYS - 10);
    expect(Number(maxAge)).toBeLessThanOrEqual(THIRTY_DAYS);

    const session = await storedSession(shop, browser.cookie("session"));
    const [member] = await shop.server.database.db
      .select()
      .from(members)
      .where(eq(members.id, session?.memberId ?? ""));
    expect(member).toMatchObject({ email: person.email, googleEmail: person.email, name: person.name });

    const account = await browser.get("/member/account");
    expect(account.status).toBe(200);
    expect(account.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each(["failed", "expired", "cancelled"])("shows the login page with its own ?error=%s (no provider state)", async (code) => {
    const page = await openBrowser(shop).get(`/member/login?error=${code}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('role="alert"');
  });

  it("shows the login page when /member/login is opened without a code", async () => {
    const page = await openBrowser(shop).get("/member/login?redirect=%2Fmember%2Faccount");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<input type="hidden" name="redirect" value="/member/account"/>');
  });

  it.each([
    "//evil.example",
    "https://evil.example/member",
    "/\\evil.example",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    "/member/login?redirect=/member/login",
  ])("keeps the return path on this site: %j becomes /member", async (redirect) => {
    const start = await openBrowser(shop).post("/member/login", { provider: "google", redirect });
    expect((await attemptOf(start))?.returnPath).toBe("/member");
  });

  it("lands an open-redirect attempt on /member after the whole sign-in", async () => {
    const { landing } = await openBrowser(shop).signIn(newPerson(), "//evil.example/steal");
    expect(landing.headers.get("location")).toBe("/member");
  });

  it("uses an attempt once, only in the browser that started it, within 10 minutes", async () => {
    const browser = openBrowser(shop);
    const { callback } = await browser.startSignIn(newPerson());
    const path = `${callback.pathname}${callback.search}`;

    const elsewhere = await openBrowser(shop).get(path);
    expect(elsewhere.headers.get("location")).toBe("/member/login?error=expired");
    expect(setCookieFor(elsewhere, "session")).toBeNull();

    const first = await browser.get(path);
    expect(first.headers.get("location")).toBe("/member");
    expect(setCookieFor(first, "session")).not.toBeNull();
    const replayed = await browser.get(path);
    expect(replayed.headers.get("location")).toBe("/member/login?error=expired");
    expect(setCookieFor(replayed, "session")).toBeNull();

    const late = openBrowser(shop);
    const slow = await late.startSignIn(newPerson());
    await shop.server.database.db
      .update(signInAttempts)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(signInAttempts.state, slow.callback.searchParams.get("state") ?? ""));
    const tooLate = await late.get(`${slow.callback.pathname}${slow.callback.search}`);
    expect(tooLate.headers.get("location")).toBe("/member/login?error=expired");
  });

  it("gives every sign-in a new session id: neither a planted cookie nor the last session is reused", async () => {
    const browser = openBrowser(shop);
    const planted = "P".repeat(43);
    browser.setCookie(`session=${planted}; Path=/`);
    const person = newPerson();
    await browser.signIn(person);
    const first = browser.cookie("session");
    expect(first).not.toBe(planted);
    expect(await storedSession(shop, first)).not.toBeNull();

    await browser.signIn(person);
    const second = browser.cookie("session");
    expect(second).not.toBe(first);
    expect(await storedSession(shop, first)).toBeNull();
    expect(await storedSession(shop, second)).not.toBeNull();
  });

  it("sends the shopper back to sign in when the provider says no or the exchange fails", async () => {
    const browser = openBrowser(shop);
    const start = await browser.post("/member/login", { provider: "facebook", redirect: "/member" });
    // At the provider: open its sign-in page, choose Cancel, and follow its redirects back to the shop.
    let url = new URL(start.headers.get("location") ?? "");
    let response = await fetchWithJar(browser.jar, url);
    url = new URL(response.headers.get("location") ?? "", url);
    response = await fetchWithJar(browser.jar, new URL(`${url.pathname}/abort`, url), { method: "POST" });
    while (response.status === 303 || response.status === 302) {
      url = new URL(response.headers.get("location") ?? "", url);
      if (!url.pathname.startsWith("/dev-idp")) break;
      response = await fetchWithJar(browser.jar, url);
    }
    expect(url.searchParams.get("error")).toBe("access_denied");
    const cancelled = await browser.get(`${url.pathname}${url.search}`);
    expect(cancelled.headers.get("location")).toBe("/member/login?error=cancelled");

    const { callback } = await browser.startSignIn(newPerson());
    callback.searchParams.set("code", "not-the-code");
    const failed = await browser.get(`${callback.pathname}${callback.search}`);
    expect(failed.headers.get("location")).toBe("/member/login?error=failed");
    expect(setCookieFor(failed, "session")).toBeNull();
  });

  it("accepts sign-in form posts only from the shop's own pages", async () => {
    const browser = openBrowser(shop);
    const form = { provider: "google", redirect: "/member" };
    const foreign: Record<string, string>[] = [
      {},
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site", origin: shop.baseUrl },
    ];
    for (const headers of foreign) {
      const refused = await browser.post("/member/login", form, headers);
      expect(refused.status).toBe(403);
      expect(setCookieFor(refused, "signin")).toBeNull();
    }
    expect((await browser.post("/member/login", form, { "sec-fetch-site": "same-origin" })).status).toBe(303);
    expect((await browser.post("/member/login", { provider: "myspace" })).status).toBe(400);
  });

  it("refuses the 21st sign-in start from one client within 15 minutes with 429 and a clear message", async () => {
    const browser = openBrowser(shop);
    for (let attempt = 1; attempt <= 20; attempt++) {
      expect((await browser.post("/member/login", { provider: "google", redirect: "/member" })).status).toBe(303);
    }
    const refused = await browser.post("/member/login", { provider: "google", redirect: "/member" });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect((await openBrowser(shop).post("/member/login", { provider: "google" })).status).toBe(303);
  });
});

describe("signing in on staging (secure cookies)", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ APP_ENV: "staging" });
  });
  afterAll(() => shop.close());

  it("returns to /member/login/ and sets a Secure __Host-session cookie", async () => {
    const browser = openBrowser(shop);
    const { start, callback, landing } = await browser.signIn(newPerson("facebook"));
    expect(setCookieFor(start, "signin")).toMatch(/; Secure$/);
    expect(callback.pathname).toBe("/member/login/");
    expect(landing.headers.get("location")).toBe("/member");
    expect(setCookieFor(landing, "__Host-session")).toMatch(
      /^__Host-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
    );
    expect(setCookieFor(landing, "session")).toBeNull();
    expect((await browser.get("/member/account")).status).toBe(200);
  });
});
