import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bags } from "../../db/schema/bags.ts";
import { members } from "../../db/schema/members.ts";
import { memberSessions } from "../../db/schema/sessions.ts";
import { clientPost } from "../setup/embedded-sign-in.ts";
import { callGraphQL, codesOf, GET_BY_EMAIL } from "../setup/member-graphql.ts";
import { newPerson, openBrowser, type ShopBrowser, sessionIdOf, setCookieFor, storedSession } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("a member's session over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const idp = () => {
    if (!shop.server.identityProvider) throw new Error("The embedded identity provider is not running.");
    return shop.server.identityProvider;
  };
  const memberOf = async (browser: ShopBrowser) => {
    const session = await storedSession(shop, browser.cookie("session"));
    const [member] = await db()
      .select()
      .from(members)
      .where(eq(members.id, session?.memberId ?? ""));
    return member;
  };
  const expireAccessToken = (browser: ShopBrowser) =>
    db()
      .update(memberSessions)
      .set({ accessExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(memberSessions.id, sessionIdOf(browser.cookie("session") ?? "")));
  const signedIn = async (person = newPerson()) => {
    const browser = openBrowser(shop);
    await browser.signIn(person);
    return browser;
  };

  it("signs out: the session is deleted server-side, its refresh token revoked and the cookies cleared", async () => {
    const person = newPerson();
    const browser = await signedIn(person);
    const token = browser.cookie("session") ?? "";
    const { refreshToken, csrfToken } = (await storedSession(shop, token)) ?? { refreshToken: "", csrfToken: "" };
    const askGraphQL = () =>
      callGraphQL(
        shop.baseUrl,
        GET_BY_EMAIL,
        { email: person.email, providerType: "google" },
        { headers: { cookie: `session=${token}`, "x-csrf-token": csrfToken } },
      );
    expect((await browser.get("/member")).status).toBe(200);
    expect((await askGraphQL()).body.data?.getMemberByEmailAndProviderTypeFast).toMatchObject({ email: person.email });

    const signOut = await browser.signOut();
    expect(signOut.status).toBe(303);
    expect(signOut.headers.get("location")).toBe("/member/logout");
    expect(setCookieFor(signOut, "session")).toBe("session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(setCookieFor(signOut, "bag")).toBe("bag=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(await storedSession(shop, token)).toBeNull();
    const refresh = await clientPost(idp(), "/token", { grant_type: "refresh_token", refresh_token: refreshToken ?? "" });
    expect(refresh.status).toBe(400);
    expect(codesOf(await askGraphQL())).toEqual(["UNAUTHENTICATED"]);

    // The old cookie, replayed, signs nobody in.
    const replayed = await fetch(`${shop.baseUrl}/member`, { headers: { cookie: `session=${token}` }, redirect: "manual" });
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("location")).toBe("/member/login?redirect=%2Fmember");
    expect(setCookieFor(replayed, "session")).toBe("session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
  });

  it("never signs out on a GET, nor on a post from another site or without the session's CSRF token", async () => {
    const browser = await signedIn();
    const token = browser.cookie("session");
    const csrfToken = (await storedSession(shop, token))?.csrfToken ?? "";
    const stillSignedIn = async () => {
      expect(await storedSession(shop, token)).not.toBeNull();
      expect((await browser.get("/member")).status).toBe(200);
    };

    // Another site linking to (or embedding) the sign-out address only gets the page that asks.
    const linked = await browser.get("/member/logout", { "sec-fetch-site": "cross-site", referer: "https://evil.example/" });
    expect(linked.status).toBe(200);
    expect(setCookieFor(linked, "session")).toBeNull();
    expect(await linked.text()).toContain('<form action="/member/logout" method="post"><input type="hidden" name="csrf"');
    await stillSignedIn();

    const refusals: [Record<string, string>, Record<string, string>][] = [
      [{ csrf: csrfToken }, { origin: "https://evil.example" }],
      [{ csrf: csrfToken }, { "sec-fetch-site": "cross-site", origin: shop.baseUrl }],
      [{ csrf: csrfToken }, {}],
      [{}, { origin: shop.baseUrl }],
      [{ csrf: "not-the-token" }, { origin: shop.baseUrl }],
    ];
    for (const [form, headers] of refusals) {
      const refused = await browser.post("/member/logout", form, headers);
      expect(refused.status).toBe(403);
      expect(setCookieFor(refused, "session")).toBeNull();
      await stillSignedIn();
    }

    const signedOut = await browser.post("/member/logout", { csrf: csrfToken }, { "sec-fetch-site": "same-origin" });
    expect(signedOut.status).toBe(303);
    expect(await storedSession(shop, token)).toBeNull();
    // The landing page clears the browser's own state and reloads the home page.
    const landing = await browser.get(signedOut.headers.get("location") ?? "");
    expect(landing.status).toBe(200);
    const html = await landing.text();
    expect(html).toContain("Signing you out");
    expect(html).not.toContain('name="csrf"');
  });

  it("after a call refused as unauthorised, the sign-out page goes on to sign in again, back to a page of this shop", async () => {
    const browser = openBrowser(shop);
    const cases: [string, string][] = [
      ["%2Fmember%2Fearn-points%3Ftab%3Dbonus", "/member/login?redirect=%2Fmember%2Fearn-points%3Ftab%3Dbonus"],
      ["https%3A%2F%2Fevil.example%2F", "/member/login?redirect=%2Fmember"],
      ["%2Fmember%2Flogout", "/member/login?redirect=%2Fmember"],
    ];
    for (const [redirect, next] of cases) {
      const page = await browser.get(`/member/logout?redirect=${redirect}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Your session has ended");
      expect(html).toContain(`href="${next.replaceAll("&", "&amp;")}"`);
      expect(html).not.toContain('href="https://evil.example');
    }
  });

  it("refreshes an expired access token once and carries on", async () => {
    const browser = await signedIn();
    const before = await storedSession(shop, browser.cookie("session"));
    await expireAccessToken(browser);

    expect((await browser.get("/member")).status).toBe(200);
    const after = await storedSession(shop, browser.cookie("session"));
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.refreshToken).toBe(before?.refreshToken);
    expect(after?.accessExpiresAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect((await browser.get("/member")).status).toBe(200);
    expect((await storedSession(shop, browser.cookie("session")))?.accessToken).toBe(after?.accessToken);
  });

  it("ends the session when the refresh is refused, and member pages ask to sign in again", async () => {
    const browser = await signedIn();
    const token = browser.cookie("session");
    const refreshToken = (await storedSession(shop, token))?.refreshToken ?? "";
    const metadata = (await (await fetch(`${idp().issuer}/.well-known/openid-configuration`)).json()) as {
      revocation_endpoint: string;
    };
    const revoked = await clientPost(idp(), new URL(metadata.revocation_endpoint).pathname.replace(/^\/dev-idp/, ""), {
      token: refreshToken,
      token_type_hint: "refresh_token",
    });
    expect(revoked.status).toBe(200);
    await expireAccessToken(browser);

    const page = await browser.get("/member/account");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/member/login?redirect=%2Fmember%2Faccount");
    expect(setCookieFor(page, "session")).toMatch(/^session=; .*Max-Age=0/);
    expect(await storedSession(shop, token)).toBeNull();
  });

  it("links a Facebook account through POST /member/link", async () => {
    const person = newPerson("google");
    const browser = await signedIn(person);
    const facebook = newPerson("facebook");
    const { start, callback } = await browser.startSignIn(facebook, "/ignored", "/member/link");
    const authorize = new URL(start.headers.get("location") ?? "");
    expect(authorize.searchParams.get("identity_provider")).toBe("Facebook");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${shop.baseUrl}/member/link`);
    expect(callback.pathname).toBe("/member/link");

    const linked = await browser.get(`${callback.pathname}${callback.search}`);
    expect(linked.headers.get("location")).toBe("/member/account?link=linked");
    expect(await memberOf(browser)).toMatchObject({ googleEmail: person.email, facebookEmail: facebook.email });

    // A second Facebook account for the same member is refused.
    const another = await browser.startSignIn(newPerson("facebook"), "/", "/member/link");
    const refused = await browser.get(`${another.callback.pathname}${another.callback.search}`);
    expect(refused.headers.get("location")).toBe("/member/account?link=already-linked");
  });

  it("refuses to link an account that belongs to another member", async () => {
    const theirs = newPerson("facebook");
    await signedIn(theirs);
    const browser = await signedIn(newPerson("google"));
    const { callback } = await browser.startSignIn(theirs, "/", "/member/link");
    const refused = await browser.get(`${callback.pathname}${callback.search}`);
    expect(refused.headers.get("location")).toBe("/member/account?link=in-use");
    expect((await memberOf(browser))?.facebookEmail).toBeNull();
  });

  it("needs a live session to link, and the session that started the link to finish it", async () => {
    const visitor = openBrowser(shop);
    const refused = await visitor.post("/member/link", { provider: "facebook" });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/member/login?redirect=%2Fmember%2Faccount");

    const browser = await signedIn();
    const { callback } = await browser.startSignIn(newPerson("facebook"), "/", "/member/link");
    await browser.signOut();
    const afterSignOut = await browser.get(`${callback.pathname}${callback.search}`);
    expect(afterSignOut.headers.get("location")).toBe("/member/login?error=failed");
  });

  it("serves a signed-in member the catalogue page everyone gets, with nothing of theirs in it", async () => {
    const person = newPerson("google", "Lim Mei Hua");
    const browser = await signedIn(person);
    expect(browser.cookie("visitor")).toBe("0.1");
    await (await fetch(`${shop.baseUrl}/shop`)).text();
    const mine = await browser.get("/shop");
    expect(mine.headers.get("x-page-cache")).toBe("hit");
    expect(mine.headers.get("set-cookie")).toBeNull();
    const html = await mine.text();
    expect(html).not.toContain(person.name);
    expect(html).not.toContain(person.email);
    expect(await (await fetch(`${shop.baseUrl}/shop`)).text()).not.toContain(person.name);
  });

  it("carries the bag over: the member keeps it and gets it back in a browser without one", async () => {
    const person = newPerson();
    const browser = openBrowser(shop);
    const added = await browser.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "2" });
    expect(added.status).toBe(303);
    await browser.signIn(person);
    const member = await memberOf(browser);
    const [bag] = await db()
      .select()
      .from(bags)
      .where(eq(bags.memberId, member?.id ?? ""));
    expect(bag).toBeDefined();
    await browser.signOut();
    expect(browser.cookie("bag")).toBeNull();

    const other = openBrowser(shop);
    const { landing } = await other.signIn(person);
    expect(setCookieFor(landing, "bag")).toMatch(/^bag=[A-Za-z0-9_-]{22}; Path=\/; HttpOnly; SameSite=Lax/);
    const page = await (await other.get("/bag")).text();
    expect(page).toContain("S$78.00");
    const [moved] = await db()
      .select()
      .from(bags)
      .where(eq(bags.memberId, member?.id ?? ""));
    expect(moved?.id).not.toBe(bag?.id);
  });
});
