import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { signInAttempts } from "../../db/schema/sessions.ts";
import { auditLog, staff } from "../../db/schema/staff.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { fetchWithJar, type TestIdentity } from "../setup/embedded-sign-in.ts";
import { newPerson, openBrowser, type ShopBrowser, setCookieFor, signInAtProvider } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const BACK_OFFICE_PATHS = ["/admin", "/admin/", "/admin/staff", "/admin/audit", "/admin/nothing-here"];
const TWELVE_HOURS = 12 * 60 * 60;

describe("the back office over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;

  /** Staff sign-in: the back office's own form, the provider, then its callback. */
  async function staffSignIn(browser: ShopBrowser, person: TestIdentity) {
    const start = await browser.post("/admin/login", { provider: person.provider });
    expect(start.status).toBe(303);
    const callback = await signInAtProvider(browser.jar, new URL(start.headers.get("location") ?? ""), person);
    expect(callback.pathname).toBe("/admin/login");
    return { start, landing: await browser.get(`${callback.pathname}${callback.search}`) };
  }

  async function signedInOwner() {
    const browser = openBrowser(shop);
    await staffSignIn(browser, TEST_OWNER);
    const html = await (await browser.get("/admin/staff")).text();
    const csrf = /<input type="hidden" name="csrf" value="([^"]*)"/.exec(html)?.[1] ?? "";
    return { browser, csrf };
  }

  /** What a visitor sees of a page: its status, title and main content, with the path asked for generalised. */
  const visiblePage = async (browser: ShopBrowser, path: string) => {
    const response = await browser.get(path);
    const html = (await response.text()).replaceAll(path, "{path}");
    return {
      status: response.status,
      title: /<title>.*?<\/title>/.exec(html)?.[0],
      main: /<main[\s\S]*?<\/main>/.exec(html)?.[0],
    };
  };

  it("answers every back-office path 404 to guests and members, exactly like a missing page", async () => {
    const member = openBrowser(shop);
    await member.signIn(newPerson());
    for (const browser of [openBrowser(shop), member]) {
      const missing = await visiblePage(browser, "/no-such-page");
      expect(missing.status).toBe(404);
      for (const path of BACK_OFFICE_PATHS) expect(await visiblePage(browser, path)).toEqual(missing);
      const post = await browser.post("/admin/staff", { intent: "add", email: "x@example.com", role: "owner" });
      expect(post.status).toBe(404);
    }
    expect(await db().select().from(staff)).toEqual([]);
  });

  it("shows the staff sign-in page, never cached nor indexed", async () => {
    const page = await openBrowser(shop).get("/admin/login");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(await page.text()).toContain('action="/admin/login"');
  });

  it("signs the owner in through the embedded provider into a staff session of its own, creating no member", async () => {
    const browser = openBrowser(shop);
    const { start, landing } = await staffSignIn(browser, TEST_OWNER);
    expect(start.headers.get("location")).toMatch(new RegExp(`^${shop.server.identityProvider?.issuer}/auth\\?`));
    expect(landing.status).toBe(303);
    expect(landing.headers.get("location")).toBe("/admin");
    const [, maxAge] =
      /^staff=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(\d+)$/.exec(setCookieFor(landing, "staff") ?? "") ??
      [];
    expect(Number(maxAge)).toBeGreaterThan(TWELVE_HOURS - 10);
    expect(setCookieFor(landing, "session")).toBeNull();

    const home = await browser.get("/admin");
    expect(home.status).toBe(200);
    expect(home.headers.get("cache-control")).toBe("private, no-store");
    expect(home.headers.get("x-robots-tag")).toBe("noindex");
    expect(await home.text()).toContain("As an owner you may do everything here.");
    expect(await db().select().from(members).where(eq(members.email, TEST_OWNER.email))).toEqual([]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "staff.sign-in"));
    expect(entry).toMatchObject({ actorEmail: TEST_OWNER.email, target: TEST_OWNER.email });
  });

  it("refuses a verified email that is neither owner nor staff with a plain 403 and no session or member", async () => {
    const browser = openBrowser(shop);
    const stranger = newPerson("facebook", "Not Staff");
    const { landing } = await staffSignIn(browser, stranger);
    expect(landing.status).toBe(403);
    expect(await landing.text()).toContain("This account is not allowed into the shop&#39;s back office.");
    expect(setCookieFor(landing, "staff")).toBeNull();
    expect((await browser.get("/admin")).status).toBe(404);
    expect(await db().select().from(members).where(eq(members.email, stranger.email))).toEqual([]);
  });

  it("uses up a staff sign-in cancelled at the provider and returns to the staff sign-in page", async () => {
    const browser = openBrowser(shop);
    const start = await browser.post("/admin/login", { provider: "google" });
    let url = new URL(start.headers.get("location") ?? "");
    const state = url.searchParams.get("state") ?? "";
    let response = await fetchWithJar(browser.jar, url);
    for (let step = 0; step < 6 && url.pathname.startsWith("/dev-idp/"); step++) {
      const location = response.headers.get("location");
      if (!location) {
        response = await fetchWithJar(browser.jar, new URL(`${url.pathname}/abort`, url), { method: "POST" });
        continue;
      }
      url = new URL(location, url);
      if (url.pathname.startsWith("/dev-idp/")) response = await fetchWithJar(browser.jar, url);
    }
    expect(url.pathname).toBe("/admin/login");
    expect(url.searchParams.get("error")).toBe("access_denied");
    const back = await browser.get(`${url.pathname}${url.search}`);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/admin/login");
    expect(await db().select().from(signInAttempts).where(eq(signInAttempts.state, state))).toEqual([]);
    expect(setCookieFor(back, "staff")).toBeNull();
  });

  it("refuses back-office forms without the session's CSRF token, and bad input with a clear 400", async () => {
    const { browser, csrf } = await signedInOwner();
    expect(csrf).not.toBe("");
    for (const token of [undefined, "forged"]) {
      const form = { intent: "add", email: "csrf@example.com", role: "owner", ...(token ? { csrf: token } : {}) };
      const refused = await browser.post("/admin/staff", form);
      expect(refused.status).toBe(403);
    }
    const bad = await browser.post("/admin/staff", {
      csrf,
      intent: "add",
      email: "not-an-email",
      role: "staff",
      permissions: "orders",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("must be an email address");
    const none = await browser.post("/admin/staff", { csrf, intent: "add", email: "n@example.com", role: "staff" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("choose at least one permission");
    const noRole = await browser.post("/admin/staff", { csrf, intent: "add", email: "r@example.com" });
    expect(noRole.status).toBe(400);
    expect(await noRole.text()).toContain("Choose a role");
    expect((await browser.post("/admin/staff", { csrf, intent: "promote", email: "r@example.com", role: "owner" })).status).toBe(
      400,
    );
    expect(await db().select().from(staff)).toEqual([]);
  });

  it("lets an owner add staff with the orders permission, who then signs in but cannot manage staff", async () => {
    const { browser, csrf } = await signedInOwner();
    const packer = newPerson("google", "Packer");
    const added = await browser.post("/admin/staff", {
      csrf,
      intent: "add",
      email: packer.email,
      role: "staff",
      permissions: "orders",
    });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain(`${packer.email} was added.`);

    const staffBrowser = openBrowser(shop);
    await staffSignIn(staffBrowser, packer);
    const home = await staffBrowser.get("/admin");
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("See orders and mark them shipped");
    expect(html).toContain("Programme analytics");
    const backwards = await staffBrowser.get("/admin?from=2026-03-20&to=2026-03-01");
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain("The range must not end before the day it starts.");
    expect((await staffBrowser.get("/admin?from=2026-02-30")).status).toBe(400);
    expect(html).not.toContain('href="/admin/staff"');
    expect((await staffBrowser.get("/admin/staff")).status).toBe(403);
    expect((await staffBrowser.get("/admin/audit")).status).toBe(403);

    const audit = await (await browser.get(`/admin/audit?action=staff.add`)).text();
    expect(audit).toContain(packer.email);
  });

  /** What a back-office page shows: its status, title, whether its header and navigation are there, and its main content. */
  const backOfficePage = async (browser: ShopBrowser, path: string) => {
    const response = await browser.get(path);
    const html = await response.text();
    return {
      status: response.status,
      title: /<title>(.*?)<\/title>/.exec(html)?.[1],
      chrome: html.includes('<nav aria-label="Back office"') && html.includes("Sign out"),
      main: /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "",
    };
  };

  it("shows a page's refusal or failure inside the back office, with its status and message and the navigation still there", async () => {
    const { browser, csrf } = await signedInOwner();
    const missing = await backOfficePage(browser, "/admin/orders/no-such-order");
    expect(missing).toMatchObject({ status: 404, chrome: true, title: expect.stringMatching(/^404 - There is no such order\./) });
    expect(missing.main).toContain("Error 404");
    expect(missing.main).toContain("There is no such order.");
    expect(missing.main).toContain('href="/admin"');
    expect(missing.main).not.toContain("Browse the shop");

    const clerk = newPerson("google", "Clerk");
    await browser.post("/admin/staff", { csrf, intent: "add", email: clerk.email, role: "staff", permissions: "orders" });
    const clerkBrowser = openBrowser(shop);
    await staffSignIn(clerkBrowser, clerk);
    const refused = await backOfficePage(clerkBrowser, "/admin/staff");
    expect(refused).toMatchObject({ status: 403, chrome: true });
    expect(refused.main).toContain("Error 403");
    expect(refused.main).toMatch(/it needs the (&quot;|")staff(&quot;|") permission/);

    // An unexpected failure (here the audit log's table is missing) says only that something went wrong.
    await db().execute(sql`alter table audit_log rename to audit_log_away`);
    try {
      const failed = await backOfficePage(browser, "/admin/audit");
      expect(failed).toMatchObject({ status: 500, chrome: true });
      expect(failed.main).toContain("Something went wrong");
      expect(failed.main).not.toContain("audit_log");
    } finally {
      await db().execute(sql`alter table audit_log_away rename to audit_log`);
    }
    expect((await browser.get("/admin/audit")).status).toBe(200);
  });

  it("keeps a member's session out of the back office and the staff session off the shop's pages", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    expect((await browser.get("/admin")).status).toBe(404);
    await staffSignIn(browser, TEST_OWNER);
    expect((await browser.get("/admin")).status).toBe(200);
    // The member is still the member on the shop's pages.
    expect((await browser.get("/member")).status).toBe(200);
  });

  it("signs out with the session's CSRF token only, ending the session", async () => {
    const signOuts = async () => {
      const [row] = await db()
        .execute(sql`select count(*)::int as n from audit_log where action = 'staff.sign-out'`)
        .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
      return Number(row?.n);
    };
    const { browser, csrf } = await signedInOwner();
    const before = await signOuts();
    expect((await browser.post("/admin/logout", { csrf: "forged" })).status).toBe(403);
    expect((await browser.get("/admin")).status).toBe(200);
    const out = await browser.post("/admin/logout", { csrf });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/admin/login");
    expect((await browser.get("/admin")).status).toBe(404);
    // The forged post wrote nothing; the real one wrote one entry.
    expect(await signOuts()).toBe(before + 1);
  });
});

describe("staff sign-in on staging (return address with a trailing slash, secure cookies)", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ APP_ENV: "staging" });
  });
  afterAll(() => shop.close());

  it("returns to /admin/login/ and opens the back office with a Secure __Host-staff cookie", async () => {
    const browser = openBrowser(shop);
    const start = await browser.post("/admin/login", { provider: TEST_OWNER.provider });
    expect(start.status).toBe(303);
    const callback = await signInAtProvider(browser.jar, new URL(start.headers.get("location") ?? ""), TEST_OWNER);
    expect(callback.pathname).toBe("/admin/login/");
    const landing = await browser.get(`${callback.pathname}${callback.search}`);
    expect(landing.status).toBe(303);
    expect(landing.headers.get("location")).toBe("/admin");
    expect(setCookieFor(landing, "__Host-staff")).toMatch(
      /^__Host-staff=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
    );
    const home = await browser.get("/admin");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(">Back office</h1>");
  });
});
