import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { POINT_HISTORY_PAGE_SIZE } from "../../domain/members/point-history.ts";
import { addPointEntries } from "../setup/point-history-fixtures.ts";
import { newPerson, openBrowser, type ShopBrowser, storedSession } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("the point history on /member, a page at a time without JavaScript", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  async function signedInWithEntries(count: number): Promise<ShopBrowser> {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const session = await storedSession(shop, browser.cookie("session"));
    const [member] = await shop.server.database.db
      .select({ id: members.id, email: members.email })
      .from(members)
      .where(eq(members.id, session?.memberId ?? ""));
    if (!member) throw new Error("not signed in");
    await addPointEntries(shop.server.database.db, member, count);
    return browser;
  }

  const historyItems = (html: string) => {
    const list = /<ul[^>]*data-testid="point-history"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
    return [...list.matchAll(/<li[\s>]/g)].length;
  };
  const olderLink = (html: string) =>
    /href="(\/member\?before=[^"#]+)#point-history-heading"[^>]*>Show older entries</.exec(html)?.[1];

  it("shows the newest page and a link to older entries, and walks to the end", async () => {
    const browser = await signedInWithEntries(30);
    const first = await browser.get("/member");
    expect(first.status).toBe(200);
    const firstHtml = await first.text();
    expect(historyItems(firstHtml)).toBe(POINT_HISTORY_PAGE_SIZE);
    expect(firstHtml).toContain("Sign Up");
    expect(firstHtml).not.toContain(">Newest entries<");
    const older = olderLink(firstHtml);
    expect(older).toBeDefined();

    const second = await browser.get(older ?? "");
    expect(second.status).toBe(200);
    const secondHtml = await second.text();
    // 31 entries in all: the sign-up and 30 more.
    expect(historyItems(secondHtml)).toBe(31 - POINT_HISTORY_PAGE_SIZE);
    expect(secondHtml).toContain("Point history: older entries");
    expect(secondHtml).toContain(">Newest entries<");
    expect(olderLink(secondHtml)).toBeUndefined();
  });

  it("answers a link that is not ours with 400, a message and the newest page, never an error page", async () => {
    const browser = await signedInWithEntries(25);
    for (const before of ["nope", "x".repeat(3_000), Buffer.from("2026-02-30T00:00:00.000000Z abc").toString("base64url")]) {
      const response = await browser.get(`/member?before=${encodeURIComponent(before)}`);
      expect(response.status, before.slice(0, 40)).toBe(400);
      const html = await response.text();
      expect(html).toContain("That link to older points is not valid. Here are your newest points.");
      expect(historyItems(html)).toBe(POINT_HISTORY_PAGE_SIZE);
    }
  });

  it("sends a visitor with a cursor to sign in, showing nothing", async () => {
    const visitor = openBrowser(shop);
    const response = await visitor.get("/member?before=abc");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/member/login");
  });
});
