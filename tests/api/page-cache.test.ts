import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseOptions } from "../../db/schema/catalog.ts";
import { memberSessions } from "../../db/schema/sessions.ts";
import { shippingFor, startCheckoutOverHttp } from "../setup/http-checkout.ts";
import { newPerson, openBrowser, type ShopBrowser, sessionIdOf, setCookieFor, storedSession } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const PRODUCT = "/shop/luna-collagen/m8";

describe("the page cache", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${shop.baseUrl}${path}`, { headers });
  const addToBag = (browser: ShopBrowser, quantity: number) =>
    browser.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: String(quantity) });
  /** Requests a page until the cache has it (a first request may be the one that renders it). */
  const cachedPage = async (browser: ShopBrowser, path: string) => {
    const first = await browser.get(path);
    if (first.headers.get("x-page-cache") === "hit") return first;
    await first.text();
    return browser.get(path);
  };
  const sessionRow = async (browser: ShopBrowser) => storedSession(shop, browser.cookie("session"));

  it("serves a repeated anonymous product page from memory", async () => {
    expect((await get("/shop/joffee/j4")).headers.get("x-page-cache")).toBe("miss");
    const again = await get("/shop/joffee/j4");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toContain("S$12.90");
  });

  it("shows a changed price on the very next request", async () => {
    await get("/shop/joffee/j4");
    await shop.server.database.db
      .update(purchaseOptions)
      .set({ optionPriceCents: 1190 })
      .where(eq(purchaseOptions.optionId, "op-j4_bb-1b"));
    const response = await get("/shop/joffee/j4");
    expect(response.headers.get("x-page-cache")).toBe("miss");
    const html = await response.text();
    expect(html).toContain("S$11.90");
    expect(html).not.toContain("S$12.90</span>");
  });

  it("serves a visitor with a bag from the cache, without their bag in the page", async () => {
    const browser = openBrowser(shop);
    await addToBag(browser, 3);
    expect(browser.cookie("visitor")).toBe("3.0");
    for (const path of [PRODUCT, `${PRODUCT}.data`, "/shop", "/"]) {
      const page = await cachedPage(browser, path);
      expect(page.headers.get("x-page-cache"), path).toBe("hit");
      expect(page.headers.get("set-cookie"), path).toBeNull();
      const body = await page.text();
      expect(body).not.toContain("Bag, 3 items");
      expect(body).not.toContain('"bagCount",3');
    }
    const html = await (await get(PRODUCT)).text();
    expect(html).toContain('aria-label="Bag"');
    expect(html).not.toMatch(/Bag, \d+ item/);
  });

  it("keeps the visitor cookie current as the bag changes, and renders the count on the bag page itself", async () => {
    const browser = openBrowser(shop);
    const added = await addToBag(browser, 2);
    expect(setCookieFor(added, "visitor")).toBe("visitor=2.0; Path=/; SameSite=Lax; Max-Age=5184000");
    await addToBag(browser, 1);
    expect(browser.cookie("visitor")).toBe("3.0");
    const bagPage = await browser.get("/bag");
    expect(bagPage.headers.get("x-page-cache")).toBeNull();
    expect(setCookieFor(bagPage, "visitor")).toBeNull();
    expect(await bagPage.text()).toContain('aria-label="Bag, 3 items"');
    await browser.post("/bag", { intent: "update", optionId: "op-m8_ba-1b", quantity: "5" });
    expect(browser.cookie("visitor")).toBe("5.0");
    const removed = await browser.post("/bag", { intent: "remove", optionId: "op-m8_ba-1b" });
    expect(setCookieFor(removed, "visitor")).toBe("visitor=; Path=/; SameSite=Lax; Max-Age=0");
    expect(browser.cookie("visitor")).toBeNull();
  });

  it("corrects a visitor cookie that no longer says the truth on the next page for one visitor", async () => {
    const browser = openBrowser(shop);
    await addToBag(browser, 1);
    browser.setCookie("visitor=7.1; Path=/");
    await (await browser.get("/bag")).text();
    expect(browser.cookie("visitor")).toBe("1.0");
  });

  it("empties the count once the bag's order is paid", async () => {
    const browser = openBrowser(shop);
    const payPath = await startCheckoutOverHttp(browser, shippingFor("visitor-cookie@example.com"));
    expect(browser.cookie("visitor")).toBe("1.0");
    const paid = await browser.post(payPath, { cardNumber: "4242424242424242" });
    expect(paid.status).toBe(303);
    await (await browser.get(new URL(paid.headers.get("location") ?? "", shop.baseUrl).pathname)).text();
    expect(browser.cookie("visitor")).toBeNull();
  });

  it("never puts a member's name or state into a page for everyone", async () => {
    const person = newPerson("google", "Siti Nurhaliza Tan");
    const browser = openBrowser(shop);
    const { callback, landing } = await browser.signIn(person, "/shop");
    expect(landing.status).toBe(303);
    expect(setCookieFor(landing, "visitor")).toBe("visitor=0.1; Path=/; SameSite=Lax; Max-Age=5184000");
    expect(callback.pathname).toBe("/member/login");
    for (const path of [PRODUCT, `${PRODUCT}.data`, "/shop/sale", "/_.data"]) {
      const page = await cachedPage(browser, path);
      expect(page.headers.get("x-page-cache"), path).toBe("hit");
      expect(page.headers.get("cache-control"), path).toBeNull();
      const body = await page.text();
      expect(body).not.toContain(person.name);
      expect(body).not.toContain(person.email);
    }
    const memberPage = await browser.get("/member");
    expect(memberPage.headers.get("x-page-cache")).toBeNull();
    expect(memberPage.headers.get("cache-control")).toBe("private, no-store");
    expect(await memberPage.text()).toContain(person.name);
    // Another visitor then gets the very same stored page.
    const stranger = await get("/shop/sale");
    expect(stranger.headers.get("x-page-cache")).toBe("hit");
    expect(await stranger.text()).not.toContain(person.name);
  });

  it("leaves sessions to the pages for one visitor: an ended session is cleared there, not on cached pages", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    await addToBag(browser, 1);
    expect(browser.cookie("visitor")).toBe("1.1");
    const session = browser.cookie("session") ?? "";
    await shop.server.database.db
      .update(memberSessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(memberSessions.id, sessionIdOf(session)));

    const page = await cachedPage(browser, PRODUCT);
    expect(page.status).toBe(200);
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(browser.cookie("session")).toBe(session);

    const member = await browser.get("/member");
    expect(member.status).toBe(302);
    expect(member.headers.get("location")).toBe("/member/login?redirect=%2Fmember");
    expect(setCookieFor(member, "session")).toBe("session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(browser.cookie("visitor")).toBe("1.0");
  });

  it("refreshes a session's tokens on the next page for one visitor, never on a cached page", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const session = browser.cookie("session") ?? "";
    const stale = new Date(Date.now() - 60_000);
    await shop.server.database.db
      .update(memberSessions)
      .set({ accessExpiresAt: stale })
      .where(eq(memberSessions.id, sessionIdOf(session)));

    await (await cachedPage(browser, PRODUCT)).text();
    expect((await sessionRow(browser))?.accessExpiresAt).toEqual(stale);

    const member = await browser.get("/member");
    expect(member.status).toBe(200);
    expect(((await sessionRow(browser))?.accessExpiresAt.getTime() ?? 0) > Date.now()).toBe(true);
    expect(browser.cookie("visitor")).toBe("0.1");
  });

  it("clears the visitor cookie at sign-out", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    await addToBag(browser, 2);
    const signedOut = await browser.signOut();
    expect(setCookieFor(signedOut, "visitor")).toBe("visitor=; Path=/; SameSite=Lax; Max-Age=0");
  });

  it("leaves the bag, error pages and other paths alone", async () => {
    expect((await get("/bag")).headers.get("x-page-cache")).toBeNull();
    await get("/shop/luna-collagen/NOPE");
    const notFound = await get("/shop/luna-collagen/NOPE");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("x-page-cache")).toBeNull();
  });
});
