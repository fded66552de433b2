import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPerson, openBrowser, type ShopBrowser, storedSession } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

type SessionReply = {
  session: { member: { email: string }; provider: string; accessTokenExpiresAt: string; sessionEndsAt: string };
};

describe("/debug/session: the browser's session for the debug tools", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ DEBUG_TOOLS: "true", TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const act = (browser: ShopBrowser, intent: string, csrf: string | null) =>
    browser.post("/debug/session", { intent }, { origin: shop.baseUrl, ...(csrf === null ? {} : { "x-csrf-token": csrf }) });

  it("describes the session, refreshes its tokens now, and lets it run out now", async () => {
    const person = newPerson("facebook", "Lim Jia Hui");
    const browser = openBrowser(shop);
    expect(await (await browser.get("/debug/session")).json()).toEqual({ session: null });
    await browser.signIn(person);
    const before = await storedSession(shop, browser.cookie("session"));
    const described = await browser.get("/debug/session");
    expect(described.headers.get("cache-control")).toBe("private, no-store");
    expect(await described.json()).toEqual({
      session: {
        member: { id: before?.memberId, email: person.email, name: "Lim Jia Hui" },
        provider: "facebook",
        providerEmail: person.email,
        accessTokenExpiresAt: before?.accessExpiresAt.toISOString(),
        sessionEndsAt: before?.expiresAt.toISOString(),
      },
    });

    const csrf = browser.cookie("csrf-token");
    const refused = await act(browser, "refresh", null);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Missing or wrong CSRF token." });
    expect((await storedSession(shop, browser.cookie("session")))?.accessToken).toBe(before?.accessToken);

    const refreshed = await act(browser, "refresh", csrf);
    expect(refreshed.status).toBe(200);
    const after = await storedSession(shop, browser.cookie("session"));
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(((await refreshed.json()) as SessionReply).session.accessTokenExpiresAt).toBe(after?.accessExpiresAt.toISOString());

    expect((await act(browser, "expire", null)).status).toBe(403);
    expect((await act(browser, "sideways", csrf)).status).toBe(400);
    const expired = await act(browser, "expire", csrf);
    expect(expired.status).toBe(200);
    const memberPage = await browser.get("/member/account");
    expect(memberPage.status).toBe(302);
    expect(memberPage.headers.get("location")).toBe("/member/login?redirect=%2Fmember%2Faccount");
    expect(await (await browser.get("/debug/session")).json()).toEqual({ session: null });
  });

  it("/debug/auth shows a signed-in member the identity provider in use, never its client secret", async () => {
    const provider = shop.server.identityProvider;
    if (!provider) throw new Error("The embedded identity provider is not running.");
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const page = await browser.get("/debug/auth");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const shown of [
      provider.issuer,
      provider.clientId,
      `${shop.baseUrl}/member/login`,
      "email openid profile",
      "set (hidden)",
    ]) {
      expect(html).toContain(shown);
    }
    expect(html).not.toContain(provider.clientSecret);
  });

  it("refuses to act without a session", async () => {
    const browser = openBrowser(shop);
    const reply = await act(browser, "expire", "anything");
    expect(reply.status).toBe(401);
  });

  it("does not exist outside debug mode", async () => {
    const plain = await startTestServer();
    try {
      expect((await fetch(`${plain.baseUrl}/debug/session`)).status).toBe(404);
      const posted = await fetch(`${plain.baseUrl}/debug/session`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: plain.baseUrl },
        body: "intent=expire",
      });
      expect(posted.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
