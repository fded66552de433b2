import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { memberSessions } from "../../db/schema/sessions.ts";
import { callGraphQL, codesOf } from "../setup/member-graphql.ts";
import { newPerson, openBrowser, sessionIdOf, setCookieFor, storedSession } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const ADD_BONUS = `mutation ($memberId: ID!, $meta: String) {
  createEarnPointTransaction(memberId: $memberId, meta: $meta) { id points }
}`;

describe("the CSRF token cookie a browser session's scripts read", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ DEBUG_TOOLS: "true", TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const storedMember = async (id: string) => (await shop.server.database.db.select().from(members).where(eq(members.id, id)))[0];

  it("comes with the session, calls the debug operations as X-CSRF-Token, and goes with it", async () => {
    const browser = openBrowser(shop);
    const { callback } = await browser.startSignIn(newPerson());
    const landing = await browser.get(`${callback.pathname}${callback.search}`);
    const session = await storedSession(shop, browser.cookie("session"));
    if (!session) throw new Error("The sign-in opened no session.");
    const lifetime = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
    const issued = setCookieFor(landing, "csrf-token") ?? "";
    expect(issued).toMatch(
      new RegExp(
        `^csrf-token=${session.csrfToken}; Path=/; SameSite=Lax; Max-Age=(${lifetime}|${lifetime - 1}|${lifetime + 1})$`,
      ),
    );
    expect(issued).not.toContain("HttpOnly");

    // A browser that lost its copy gets it again from the next page that reads the session.
    browser.setCookie("csrf-token=; Max-Age=0");
    const page = await browser.get("/debug/auth");
    expect(page.status).toBe(200);
    expect(setCookieFor(page, "csrf-token")).toContain(`csrf-token=${session.csrfToken};`);
    const held = browser.cookie("csrf-token") ?? "";
    expect(held).toBe(session.csrfToken);
    expect(setCookieFor(await browser.get("/member"), "csrf-token")).toBeNull();

    const cookie = `session=${browser.cookie("session")}`;
    const variables = { memberId: session.memberId, meta: JSON.stringify({ activityType: "bonus", points: 100 }) };
    const withToken = await callGraphQL(shop.baseUrl, ADD_BONUS, variables, { headers: { cookie, "x-csrf-token": held } });
    expect(withToken.body.data?.createEarnPointTransaction).toMatchObject({ id: session.memberId, points: 150 });
    const withoutToken = await callGraphQL(shop.baseUrl, ADD_BONUS, variables, { headers: { cookie } });
    expect(codesOf(withoutToken)).toEqual(["FORBIDDEN"]);
    expect(withoutToken.body.errors?.[0]?.message).toBe("Missing or wrong CSRF token.");
    expect((await storedMember(session.memberId))?.points).toBe(150);

    const signOut = await browser.signOut();
    expect(setCookieFor(signOut, "csrf-token")).toBe("csrf-token=; Path=/; SameSite=Lax; Max-Age=0");
    expect(browser.cookie("csrf-token")).toBeNull();
  });

  it("is cleared when the browser's session has ended", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    expect(browser.cookie("csrf-token")).not.toBeNull();
    await shop.server.database.db
      .update(memberSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberSessions.id, sessionIdOf(browser.cookie("session") ?? "")));
    const page = await browser.get("/member");
    expect(page.status).toBe(302);
    expect(setCookieFor(page, "csrf-token")).toBe("csrf-token=; Path=/; SameSite=Lax; Max-Age=0");
  });
});
