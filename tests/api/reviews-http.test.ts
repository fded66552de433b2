import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;
const PRODUCT_PAGE = "/shop/luna-collagen/m8";
const STRUCTURED_DATA = /<script type="application\/ld\+json">(.*?)<\/script>/;

describe("product reviews over HTTP", () => {
  let shop: TestServer;
  let buyer: ShopBrowser;
  let buyerEmail: string;
  let memberId: string;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    const person = newPerson("google", "Lim Siew Ling");
    buyerEmail = person.email;
    buyer = openBrowser(shop);
    await buyer.signIn(person);
    const [row] = await db().select().from(members).where(eq(members.email, person.email));
    memberId = row?.id ?? "";
    await insertPaidOrder(db(), { subtotalCents: 3_900, memberId, optionId: "op-m8_pb-1b" });
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const structuredData = async (browser: ShopBrowser) =>
    JSON.parse(STRUCTURED_DATA.exec(await (await browser.get(PRODUCT_PAGE)).text())?.[1] ?? "null");

  it("sends a visitor to sign in, and tells a member who did not buy it that they cannot review it yet", async () => {
    const visitor = await openBrowser(shop).get("/member/reviews/m8");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/member/login");
    const stranger = openBrowser(shop);
    await stranger.signIn(newPerson());
    const page = await stranger.get("/member/reviews/m8");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("once you have bought it");
    const refused = await stranger.post("/member/reviews/m8", {
      rating: "5",
      title: "Great",
      body: "I never bought this but it is great.",
    });
    expect(refused.status).toBe(403);
    expect((await stranger.get("/member/reviews/not-a-product")).status).toBe(404);
  });

  it("takes a buyer's review after refusing bad input, and keeps it off the product page until staff publish it", async () => {
    const bad = await buyer.post("/member/reviews/m8", { rating: "9", title: "", body: "short" });
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain("must be at least 20 characters");
    expect(badPage).toMatch(/<textarea id="review-body"[^>]*>short<\/textarea>/);
    expect(await db().select().from(reviews).where(eq(reviews.memberId, memberId))).toEqual([]);

    const sent = await buyer.post("/member/reviews/m8", {
      rating: "4",
      title: "Tastes like <b>lychee</b>",
      body: "A glass every morning </script> and my skin thanks me.",
    });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("waiting for our team");
    expect(
      (await buyer.post("/member/reviews/m8", { rating: "5", title: "Again", body: "Trying to review it a second time." }))
        .status,
    ).toBe(409);
    const mine = await (await buyer.get("/member/reviews")).text();
    expect(mine).toContain("Waiting for approval");
    expect((await structuredData(openBrowser(shop))).aggregateRating).toBeUndefined();
  });

  it("lets only staff with the catalogue permission see and decide reviews", async () => {
    for (const browser of [openBrowser(shop), buyer]) {
      expect((await browser.get("/admin/reviews")).status).toBe(404);
      expect((await browser.post("/admin/reviews", { reviewId: "x", decision: "approve" })).status).toBe(404);
    }
    const owner = await staffSignIn(shop, TEST_OWNER);
    const ownerCsrf = CSRF_FIELD.exec(await (await owner.get("/admin/staff")).text())?.[1] ?? "";
    const clerk = newPerson("google", "Clerk");
    await owner.post("/admin/staff", {
      csrf: ownerCsrf,
      intent: "add",
      email: clerk.email,
      role: "staff",
      permissions: "orders",
    });
    const clerkBrowser = await staffSignIn(shop, clerk);
    expect((await clerkBrowser.get("/admin/reviews")).status).toBe(403);
    const [review] = await db().select().from(reviews).where(eq(reviews.memberId, memberId));
    const clerkCsrf = CSRF_FIELD.exec(await (await clerkBrowser.get("/admin/orders")).text())?.[1] ?? "";
    expect(
      (await clerkBrowser.post("/admin/reviews", { csrf: clerkCsrf, reviewId: review?.id ?? "", decision: "approve" })).status,
    ).toBe(403);
    expect((await owner.post("/admin/reviews", { reviewId: review?.id ?? "", decision: "approve" })).status).toBe(403);
    expect((await db().select().from(reviews).where(eq(reviews.memberId, memberId)))[0]?.status).toBe("pending");
  });

  it("publishes a review on the cached product page with its rating in the structured data, and credits the points", async () => {
    const anonymous = openBrowser(shop);
    await anonymous.get(PRODUCT_PAGE);
    const before = (await db().select().from(members).where(eq(members.id, memberId)))[0]?.points ?? 0;
    const owner = await staffSignIn(shop, TEST_OWNER);
    const queue = await (await owner.get("/admin/reviews")).text();
    expect(queue).toContain(buyerEmail);
    const csrf = CSRF_FIELD.exec(queue)?.[1] ?? "";
    const [review] = await db().select().from(reviews).where(eq(reviews.memberId, memberId));
    const bad = await owner.post("/admin/reviews", { csrf, reviewId: "not-an-id", decision: "approve" });
    expect(bad.status).toBe(400);
    const published = await owner.post("/admin/reviews", { csrf, reviewId: review?.id ?? "", decision: "approve" });
    expect(published.status).toBe(200);
    expect(await published.text()).toContain("The member earned the review points.");
    expect((await db().select().from(members).where(eq(members.id, memberId)))[0]?.points).toBe(before + 50);

    const page = await (await anonymous.get(PRODUCT_PAGE)).text();
    expect(page).toContain("Tastes like &lt;b&gt;lychee&lt;/b&gt;");
    expect(page).toContain("Lim L.");
    const data = await structuredData(anonymous);
    expect(data).toMatchObject({
      "@type": "Product",
      name: expect.any(String),
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 1 },
      review: [{ "@type": "Review", reviewRating: { ratingValue: 4 }, author: { name: "Lim L." } }],
    });
    expect(data.review[0].reviewBody).toContain("</script>");
    // The page a signed-in buyer gets is the same cached page: it names no member.
    expect(await (await buyer.get(PRODUCT_PAGE)).text()).not.toContain(buyerEmail);
  });
});
