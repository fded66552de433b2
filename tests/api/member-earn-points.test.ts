import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { goldYearEnd } from "../../domain/loyalty/tiers/tiers.ts";
import { formatDate } from "../../kernel/format-timestamp.ts";
import { publishRulesAt } from "../setup/expiry-fixtures.ts";
import { expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { V1_SCHEDULE } from "../setup/programme-fixtures.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { newPerson, openBrowser } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

/** The markup of one action's card on the page, without React's text separators. */
function card(page: string, id: string): string {
  const start = page.indexOf(`data-testid="earn-${id}"`);
  if (start < 0) return "";
  return page.slice(start, page.indexOf("</li>", start)).replaceAll("<!-- -->", "");
}

describe("member pages: earning points and gold progress", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  it("lists the actions and completes one with a form post, once", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const response = await browser.get("/member/earn-points");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const page = await response.text();
    expect(page).toContain("<title>Earn Points | Nectar Lab</title>");
    expect(page).toMatch(/data-testid="earn-balance"[^>]*>50</);
    expect(card(page, "sign-up")).toContain("Earned when you joined");
    expect(card(page, "follow-ig")).toContain("Follow us on Instagram");
    expect(card(page, "follow-ig")).toContain("+50 points");
    expect(card(page, "follow-ig")).toContain('name="activity" value="follow-ig"');
    expect(card(page, "follow-fb")).toContain("Like us on Facebook");
    expect(card(page, "post-review")).toContain("Post a review");
    // Review points come with an approved review, so the card leads to the member's reviews instead.
    expect(card(page, "post-review")).toContain('href="/member/reviews"');
    expect(card(page, "post-review")).not.toContain('name="activity"');
    expect(card(page, "tag-social")).toContain("Tag us on social media");
    expect(page).not.toContain("TikTok");
    const refer = card(page, "refer-friends");
    expect(refer).toContain("Refer Your Friends");
    expect(refer).toContain("+200 points");
    expect(refer).toMatch(/<button type="button" disabled=""[^>]*>Coming Soon/);
    expect(refer).not.toContain('name="activity"');

    const done = await browser.post("/member/earn-points", { activity: "follow-ig" });
    expect(done.status).toBe(200);
    const after = await done.text();
    expect(after).toContain("You earned 50 points for &quot;Follow us on Instagram&quot;. Your balance is 100 points.");
    expect(after).toMatch(/data-testid="earn-balance"[^>]*>100</);
    expect(card(after, "follow-ig")).toContain("Done");
    expect(card(after, "follow-ig")).not.toContain('name="activity"');
    // Without JavaScript the answer links the brand page it claimed for, in a new tab.
    const brandLink =
      /<a href="https:\/\/www\.instagram\.com\/nectarlab\.sg" target="_blank" rel="noopener noreferrer"[^>]*>(Open|Visit) our Instagram/g;
    expect([...after.matchAll(brandLink)].map((link) => link[1])).toEqual(["Open", "Visit"]);

    const again = await browser.post("/member/earn-points", { activity: "follow-ig" });
    expect(again.status).toBe(200);
    const unchanged = await again.text();
    expect(unchanged).toContain("You have already earned the points for this one.");
    expect(unchanged).toMatch(/data-testid="earn-balance"[^>]*>100</);
    await expectLedgerInvariant(shop.server.database.db);
  });

  it("never earns points as the member for a form posted from another site", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    for (const origin of ["https://evil.example", "null"]) {
      const refused = await browser.post("/member/earn-points", { activity: "follow-ig" }, { origin });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("This form came from another site");
    }
    expect(await (await browser.get("/member/earn-points")).text()).toMatch(/data-testid="earn-balance"[^>]*>50</);
  });

  it("refuses the hidden and coming-soon actions with a message on the page", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const hidden = await browser.post("/member/earn-points", { activity: "follow-tt" });
    expect(hidden.status).toBe(400);
    expect(await hidden.text()).toContain("&quot;Follow Us on TikTok&quot; is not available.");
    const soon = await browser.post("/member/earn-points", { activity: "refer-friends" });
    expect(soon.status).toBe(400);
    const page = await soon.text();
    expect(page).toContain("is coming soon and cannot be completed yet.");
    expect(page).toMatch(/data-testid="earn-balance"[^>]*>50</);
  });

  it("sends a visitor to sign in and back, and links from the member home", async () => {
    const visitor = openBrowser(shop);
    const page = await visitor.get("/member/earn-points");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/member/login?redirect=%2Fmember%2Fearn-points");
    const post = await visitor.post("/member/earn-points", { activity: "follow-ig" });
    expect(post.status).toBe(302);

    const member = openBrowser(shop);
    await member.signIn(newPerson());
    expect(await (await member.get("/member")).text()).toContain('href="/member/earn-points"');
  });

  it("shows a gold member on /member how much more keeps gold, and by when", async () => {
    const browser = openBrowser(shop);
    const person = newPerson();
    await browser.signIn(person);
    const { db } = shop.server.database;
    const [member] = await db.select({ id: members.id }).from(members).where(eq(members.email, person.email));
    if (!member) throw new Error("no member");
    const promotedAt = new Date();
    for (const subtotalCents of [30_000, 12_000]) {
      const order = await insertPaidOrder(db, { subtotalCents, memberId: member.id });
      await db.transaction((tx) =>
        creditOrderToMember(tx, recordingJobs().jobs, { memberId: member.id, order, creditPoints: true }),
      );
    }
    const [gold] = await db.select({ goldStartAt: members.goldStartAt }).from(members).where(eq(members.id, member.id));
    expect(gold?.goldStartAt?.getTime()).toBeGreaterThanOrEqual(promotedAt.getTime());
    const page = (await (await browser.get("/member")).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Keep your gold status");
    expect(page).toContain('aria-label="Progress to keep gold"');
    expect(page).toContain(
      `S$180.00 more by ${formatDate(goldYearEnd(gold?.goldStartAt ?? promotedAt, V1_SCHEDULE))} to keep gold`,
    );
    expect(page).toMatch(/data-testid="tier-badge"[^>]*>.*Gold member/);
  });

  // Last: it switches referrals on for this server.
  it("with referrals on, says once, from the version's settings, when a referral's points come", async () => {
    await publishRulesAt(shop.server.database.db, new Date(), (rules) => ({
      ...rules,
      referrals: { ...rules.referrals, enabled: true, refundWindowDays: 21 },
    }));
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const refer = card(await (await browser.get("/member/earn-points")).text(), "refer-friends");
    const when =
      "You earn 200 points for each friend&#x27;s first order through your link, once it is delivered and its 21-day refund window has passed.";
    expect(refer).toContain(when);
    expect(refer).not.toContain("when they join");
    expect(refer.split("refund window")).toHaveLength(2);
    expect(refer).toContain('href="/member/referrals"');
    const referrals = (await (await browser.get("/member/referrals")).text()).replaceAll("<!-- -->", "");
    expect(referrals).toContain(when);
  });
});
