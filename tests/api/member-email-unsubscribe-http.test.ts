import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberEmailOptOuts } from "../../db/schema/member-emails.ts";
import { unsubscribeToken } from "../../domain/member-emails/unsubscribe-token.ts";
import { memberWithPoints } from "../setup/redeem-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const SECRET = "http-test-email-link-secret-0123456789abcdef";
const MAIL_PROVIDER = "https://mail.example.com";

describe("an email's unsubscribe link over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ EMAIL_LINK_SECRET: SECRET });
  }, 120_000);
  afterAll(() => shop?.close());

  const optOutsOf = (memberId: string) =>
    shop.server.database.db.select().from(memberEmailOptOuts).where(eq(memberEmailOptOuts.memberId, memberId));
  const linkOf = (memberId: string) => `/email/unsubscribe?t=${unsubscribeToken(SECRET, { memberId, kind: "order-points" })}`;
  /** A mail provider's one-click post (RFC 8058): no cookies, its own Origin, the fixed body. */
  const oneClick = (link: string) =>
    fetch(new URL(link, shop.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: MAIL_PROVIDER },
      body: "List-Unsubscribe=One-Click",
    });

  it("only asks when the link is opened, so a link scanner unsubscribes nobody", async () => {
    const member = await memberWithPoints(shop.server.database.db, 0);
    const page = await fetch(new URL(linkOf(member.id), shop.baseUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    // React marks where text pieces meet; the reader sees them as one.
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Unsubscribe from “Points earned on an order” emails?");
    expect(html).toMatch(/<form [^>]*action="\/email\/unsubscribe\?t=[^"]+" method="post">/);
    expect(html).toContain('href="/member/account#emails"');
    expect(await optOutsOf(member.id)).toEqual([]);
  });

  it("takes the mail provider's one-click post from another site, without a session or CSRF token", async () => {
    const member = await memberWithPoints(shop.server.database.db, 0);
    const answer = await oneClick(linkOf(member.id));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Points earned on an order");
    expect(await optOutsOf(member.id)).toEqual([expect.objectContaining({ kind: "order-points", source: "link" })]);
    expect((await oneClick(linkOf(member.id))).status).toBe(200);
  });

  it("refuses a link changed to name another member, and turns nothing off", async () => {
    const member = await memberWithPoints(shop.server.database.db, 0);
    const other = await memberWithPoints(shop.server.database.db, 0);
    const [version, , signature] = unsubscribeToken(SECRET, { memberId: member.id, kind: "order-points" }).split(".");
    const forged = `${version}.${Buffer.from(`${other.id}:order-points`).toString("base64url")}.${signature}`;
    const answer = await oneClick(`/email/unsubscribe?t=${forged}`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("not one of ours");
    expect(await optOutsOf(other.id)).toEqual([]);
    const page = await fetch(new URL(`/email/unsubscribe?t=${forged}`, shop.baseUrl));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("This link doesn&#x27;t work");
  });

  it("confirms on its page: the button's post shows the page again, saying what was turned off", async () => {
    const member = await memberWithPoints(shop.server.database.db, 0);
    const link = linkOf(member.id);
    const posted = await fetch(new URL(link, shop.baseUrl), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.baseUrl },
      body: "from=page",
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(link);
    const html = (await (await fetch(new URL(link, shop.baseUrl))).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("You&#x27;re unsubscribed");
    expect(html).toContain("We won&#x27;t send you “Points earned on an order” emails any more.");
  });

  it("still refuses other pages' posts from another site", async () => {
    const answer = await fetch(new URL("/member/account", shop.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: MAIL_PROVIDER },
      body: "on=order-points",
    });
    expect(answer.status).toBe(403);
  });
});
