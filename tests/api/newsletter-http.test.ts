import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { NEWSLETTER_CONSENT } from "../../domain/newsletter/consent.ts";
import { confirmToken, unsubscribeToken } from "../../domain/newsletter/newsletter-links.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { openBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const SECRET = "http-test-email-link-secret-0123456789abcdef";
const MAIL_PROVIDER = "https://mail.example.com";
/** React marks where text pieces meet, and escapes apostrophes; the reader sees plain words. */
const wordsOf = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

describe("the newsletter sign-up over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ EMAIL_LINK_SECRET: SECRET, TRUSTED_PROXY_HOPS: "1" });
  }, 120_000);
  afterAll(() => shop?.close());

  const rowOf = async (email: string) => {
    const db = shop.server.database.db;
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    return row;
  };

  it("puts a plain form on the cached home page, its consent box unticked", async () => {
    const html = await wordsOf(await fetch(new URL("/", shop.baseUrl)));
    expect(html).toMatch(/<form [^>]*action="\/newsletter" method="post">/);
    const consent = /<input type="checkbox"[^>]*name="consent"\/>/.exec(html)?.[0];
    expect(consent).toContain('required=""');
    expect(consent).not.toContain("checked");
    expect(html).toContain(NEWSLETTER_CONSENT.wording);
  });

  it("answers a sign-up without JavaScript with a 303 to a page that says to check the inbox, the same for an address already there", async () => {
    const browser = openBrowser(shop);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const posted = await browser.post("/newsletter", { email: "plain@example.com", consent: "on" });
      expect(posted.status).toBe(303);
      expect(posted.headers.get("location")).toBe("/newsletter?done=sent");
    }
    const page = await browser.get("/newsletter?done=sent");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await wordsOf(page)).toContain("we've sent it an email with a link to confirm");
    expect(await rowOf("plain@example.com")).toMatchObject({ status: "pending" });
  });

  it("answers a hydrated form's post as data, and refuses an unticked box with a 400 that stores nothing", async () => {
    const browser = openBrowser(shop);
    const data = await browser.post("/newsletter.data", { email: "script@example.com", consent: "on" });
    expect(data.status).toBe(200);
    expect(await wordsOf(data)).toContain("Check your inbox");
    const refused = await browser.post("/newsletter", { email: "unticked@example.com" });
    expect(refused.status).toBe(400);
    const html = await wordsOf(refused);
    expect(html).toContain("Tick the box to say you want the newsletter.");
    expect(html).toContain('value="unticked@example.com"');
    expect(await rowOf("unticked@example.com")).toBeUndefined();
    expect((await browser.post("/newsletter", { email: "no", consent: "on" })).status).toBe(400);
  });

  it("refuses a client's eleventh sign-up with a 429", async () => {
    const browser = openBrowser(shop);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await browser.post("/newsletter", { email: `many-${attempt}@example.com`, consent: "on" })).status).toBe(303);
    }
    const refused = await browser.post("/newsletter", { email: "many-10@example.com", consent: "on" });
    expect(refused.status).toBe(429);
    expect(await wordsOf(refused)).toContain("Too many attempts");
  });

  it("confirms from the email's link by its button, and refuses a forged link with a 400", async () => {
    const browser = openBrowser(shop);
    await browser.post("/newsletter", { email: "link@example.com", consent: "on" });
    const row = await rowOf("link@example.com");
    if (!row) throw new Error("the sign-up was not stored");
    const link = `/newsletter/confirm?t=${confirmToken(SECRET, { subscriberId: row.id, requestedAt: row.requestedAt })}`;
    const asked = await browser.get(link);
    expect(asked.status).toBe(200);
    expect(await wordsOf(asked)).toContain("Confirm your newsletter sign-up");
    expect(await rowOf("link@example.com")).toMatchObject({ status: "pending" });

    const confirmed = await browser.post(link, {});
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(link);
    const page = await wordsOf(await browser.get(link));
    expect(page).toContain("You're subscribed");
    expect(page).toMatch(/<form [^>]*action="\/newsletter\/unsubscribe\?t=[^"]+"/);
    expect(await rowOf("link@example.com")).toMatchObject({ status: "confirmed" });

    const forged = await browser.get(
      `/newsletter/confirm?t=${confirmToken("not-the-shop-secret-0123456789", { subscriberId: row.id, requestedAt: row.requestedAt })}`,
    );
    expect(forged.status).toBe(400);
    expect(await wordsOf(forged)).toContain("not one of ours");
    expect((await browser.post("/newsletter/confirm?t=1.abc.def", {})).status).toBe(400);
  });

  it("takes a mail provider's one-click unsubscribe from another site, and a new sign-up afterwards", async () => {
    const browser = openBrowser(shop);
    await browser.post("/newsletter", { email: "leaving@example.com", consent: "on" });
    const row = await rowOf("leaving@example.com");
    if (!row) throw new Error("the sign-up was not stored");
    const link = `/newsletter/unsubscribe?t=${unsubscribeToken(SECRET, row.id)}`;
    const oneClick = await fetch(new URL(link, shop.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: MAIL_PROVIDER },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("no longer get the newsletter");
    expect(await rowOf("leaving@example.com")).toMatchObject({ status: "unsubscribed" });
    expect(await wordsOf(await browser.get(link))).toContain("You're unsubscribed");
    const forged = await fetch(new URL(`${link}x`, shop.baseUrl), { method: "POST", headers: { origin: MAIL_PROVIDER } });
    expect(forged.status).toBe(400);

    expect((await browser.post("/newsletter", { email: "leaving@example.com", consent: "on" })).status).toBe(303);
    expect(await rowOf("leaving@example.com")).toMatchObject({ status: "pending" });
  });

  it("lets the back office count and download the confirmed addresses, recording the download, and hides both from others", async () => {
    const guest = openBrowser(shop);
    expect((await guest.get("/admin/newsletter")).status).toBe(404);
    expect((await guest.get("/admin/newsletter.csv")).status).toBe(404);
    const owner = await staffSignIn(shop, TEST_OWNER);
    const page = await owner.get("/admin/newsletter");
    expect(page.status).toBe(200);
    expect(await wordsOf(page)).toMatch(/data-testid="confirmed-subscribers">1</);
    const csv = await owner.get("/admin/newsletter.csv");
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("link@example.com");
    expect(lines[1]).toContain(`${shop.baseUrl}/newsletter/unsubscribe?t=`);
    const db = shop.server.database.db;
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "newsletter.export"))).toHaveLength(1);
  });
});
