import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { redeems } from "../../db/schema/rewards.ts";
import { givePoints } from "../setup/redeem-fixtures.ts";
import { newPerson, openBrowser, type ShopBrowser, storedSession } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("redeeming rewards from the member pages and the bag", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  async function memberOf(browser: ShopBrowser) {
    const session = await storedSession(shop, browser.cookie("session"));
    const [member] = await db()
      .select()
      .from(members)
      .where(eq(members.id, session?.memberId ?? ""));
    if (!member) throw new Error("not signed in");
    return member;
  }
  const pendingOf = (memberId: string) => db().select().from(redeems).where(eq(redeems.memberId, memberId));

  it("sends visitors to sign in and answers 404 for an unknown reward", async () => {
    const visitor = openBrowser(shop);
    const refused = await visitor.get("/member/redeem/nectar-box-4");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/member/login?redirect=%2Fmember%2Fredeem%2Fnectar-box-4");
    const posted = await visitor.post("/member/redeem/pouch", { optionId: "op-mpu_ba-1pu", quantity: "1" });
    expect(posted.status).toBe(302);

    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const unknown = await browser.get("/member/redeem/free-car");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Page not found: /member/redeem/free-car");
    // An id longer than any reward's is just as unknown.
    expect((await browser.get(`/member/redeem/${"x".repeat(5000)}`)).status).toBe(404);
  });

  it("lists the rewards on /member and shows a reward's choices, cost and balance", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const home = await (await browser.get("/member")).text();
    for (const id of ["pouch", "joffee-box", "nectar-box-4", "nectar-box-8"])
      expect(home).toContain(`href="/member/redeem/${id}"`);

    const page = await browser.get("/member/redeem/nectar-box-4");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("<title>Redeem 4-serving nectar box | Nectar Lab</title>");
    expect(html).toContain("Choose your flavour");
    expect(html).toContain('value="op-l4_yc-1b"');
    expect(html).toContain('value="op-l4_cp-1b"');
    expect(html).toMatch(/data-testid="reward-cost"[^>]*>500 points</);
    expect(html).toMatch(/data-testid="reward-balance"[^>]*>50 points</);
    expect(html).toMatch(/data-testid="reward-balance-after"[^>]*>450 points short</);
  });

  it("adds a reward with points, refuses one it cannot pay, and changes it from the bag", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const member = await memberOf(browser);

    const short = await browser.post("/member/redeem/joffee-box", { optionId: "op-j4_yz-1b", quantity: "1" });
    expect(short.status).toBe(422);
    expect(await short.text()).toContain("Not enough points: this needs 350 points and you have 50.");
    expect(await pendingOf(member.id)).toEqual([]);

    await givePoints(db(), member, 1000);
    const added = await browser.post("/member/redeem/joffee-box", { optionId: "op-j4_yz-1b", quantity: "2" });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("Added to your bag.");
    const [redeem] = await pendingOf(member.id);
    expect(redeem).toMatchObject({ status: "Pending", quantity: 2, optionId: "op-j4_yz-1b", pointsEach: 350 });
    if (!redeem) throw new Error("no redeem");

    const bag = await (await browser.get("/bag")).text();
    expect(bag).toContain("Your rewards");
    expect(bag).toContain("Joffee jelly coffee, 4-serving box");
    expect(bag).toMatch(/data-testid="reward-line-points"[^>]*>700 points</);
    expect(bag).toContain("Your rewards ship with your next paid order. Add something to your bag to check out.");

    const ref = { redeemId: redeem.id, pointTransactionId: redeem.pointTransactionId };
    const fewer = await browser.post("/bag", { intent: "reward-update", ...ref, quantity: "1" });
    expect(fewer.status).toBe(303);
    expect((await memberOf(browser)).points).toBe(1050 - 350);
    const others = openBrowser(shop);
    await others.signIn(newPerson());
    const stolen = await others.post("/bag", { intent: "reward-remove", ...ref });
    expect(stolen.status).toBe(404);
    const removed = await browser.post("/bag", { intent: "reward-remove", ...ref });
    expect(removed.headers.get("location")).toBe("/bag?done=reward-removed");
    expect(await (await browser.get("/bag?done=reward-removed")).text()).toContain(
      "Reward removed. Its points are back in your balance.",
    );
    expect((await memberOf(browser)).points).toBe(1050);
    expect((await pendingOf(member.id))[0]?.status).toBe("Cancelled");
    expect(await (await browser.get("/bag")).text()).toContain("Your bag is empty.");
  });

  it("shows the rewards next to the goods at checkout", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    await givePoints(db(), await memberOf(browser), 500);
    await browser.post("/member/redeem/pouch", { optionId: "op-mpu_pb-1pu", quantity: "1" });
    await browser.post("/bag", { intent: "add", optionId: "op-m8_ll-1b", quantity: "1" });
    // The words as read: React's empty comments and inline elements between them go.
    const summary = (await (await browser.get("/checkout/summary")).text()).replace(/<!-- -->|<\/?span[^>]*>/g, "");
    expect(summary).toContain("Rewards with this order");
    expect(summary).toContain("Luna Collagen Nectar pouch");
    expect(summary).toContain("Passionfruit Blossom · 1 Pouch · Reward, 150 points");
  });

  it("counts the rewards in the bag's counts and says why a shipping charge stands beside them", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const member = await memberOf(browser);
    const text = async (path: string) => (await (await browser.get(path)).text()).replaceAll("<!-- -->", "");
    // Signed in with an empty bag: SPEC.md §9 writes a count of 1 or less in the singular.
    expect(await text("/bag")).toContain('aria-label="Bag, 0 item"');

    await givePoints(db(), member, 500);
    await browser.post("/member/redeem/pouch", { optionId: "op-mpu_pb-1pu", quantity: "2" });
    const rewardsOnly = await text("/bag");
    expect(rewardsOnly).toContain('aria-label="Bag, 2 items"');
    expect(browser.cookie("visitor")).toBe("2.1");

    await browser.post("/bag", { intent: "add", optionId: "op-m8_ll-1b", quantity: "1" });
    const bag = await text("/bag");
    expect(bag).toContain('aria-label="Bag, 3 items"');
    expect(browser.cookie("visitor")).toBe("3.1");
    expect(bag).toContain("Subtotal (1 item)");
    expect(bag).toContain("Rewards (2 items)");
    const why =
      "Rewards add nothing to shipping: the S$4.90 is for delivering your goods under S$60.00. Add S$21.00 more for free shipping.";
    expect(bag).toMatch(/data-testid="bag-shipping"[^>]*>S\$4\.90</);
    expect(bag).toContain(why);
    expect(bag).not.toContain("ship free");
    expect(await text("/checkout/summary")).toContain(why);

    await browser.post("/bag", { intent: "update", optionId: "op-m8_ll-1b", quantity: "2" });
    expect(await text("/bag")).toContain("Your order and your rewards ship free.");
  });
});
