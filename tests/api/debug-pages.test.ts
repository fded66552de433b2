import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import { placePastOrder } from "../setup/past-orders.ts";
import { newPerson, openBrowser } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const PAGES = ["/debug/member", "/debug/orders", "/debug/test-display-promo", "/debug/stripe-coupon-utility"];
const SEEDED_CODES = ["FIRST1", "NEWYEAR25", "SAVE5", "WELCOME10"];
const BOX = "op-m8_ba-1b";

/** The page's text without React's separators. */
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("debug pages", () => {
  let shop: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    [shop, plain] = await Promise.all([startTestServer({ DEBUG_TOOLS: "true", TRUSTED_PROXY_HOPS: "1" }), startTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([shop?.close(), plain?.close()]);
  });

  it("do not exist outside debug mode, and answer with debug mode on", async () => {
    for (const path of PAGES) {
      const off = await openBrowser(plain).get(`${path}?email=a@example.com&code=SAVE5&optionId=${BOX}&check=SAVE5`);
      expect(off.status, path).toBe(404);
      const offPage = await off.text();
      // Nothing of the page's own data either: its loader does not run.
      for (const word of ["Debug", "Promotion", "WELCOME10", "Please sign in"]) expect(offPage, path).not.toContain(word);
    }
    const member = openBrowser(shop);
    await member.signIn(newPerson());
    for (const path of ["/debug/auth", ...PAGES]) {
      const on = await member.get(path);
      expect(on.status, path).toBe(200);
      expect(on.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const post = await openBrowser(plain).post("/debug/stripe-coupon-utility", { kind: "percent", value: "10" });
    expect(post.status).toBe(404);
  });

  it("send a visitor to sign in, coming back to the same page, and show or do nothing for them", async () => {
    const visitor = openBrowser(shop);
    const before = (await shop.server.database.db.select().from(promotionCodes)).length;
    for (const path of ["/debug/auth", ...PAGES]) {
      const asked = `${path}?email=a%40example.com&code=SAVE5&optionId=${BOX}&check=SAVE5`;
      const page = await visitor.get(asked);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toBe(`/member/login?redirect=${encodeURIComponent(asked)}`);
      // A client navigation's data request is refused the same way, with none of the page's data.
      const data = await visitor.get(`${path}.data`);
      const body = await data.text();
      expect(body, path).toContain("/member/login?redirect=");
      for (const code of SEEDED_CODES) expect(body, path).not.toContain(code);
      expect(body, path).not.toContain("client_id");
    }
    const created = await visitor.post("/debug/stripe-coupon-utility", { kind: "percent", value: "10", code: "VISITOR10" });
    expect(created.status).toBe(302);
    const linked = await visitor.post("/debug/orders", { intent: "unlink", email: "a@example.com" });
    expect(linked.status).toBe(302);
    expect((await shop.server.database.db.select().from(promotionCodes)).length).toBe(before);
  });

  it("looks up only the signed-in member's own record", async () => {
    const person = newPerson();
    const browser = openBrowser(shop);
    await browser.signIn(person);
    const own = await browser.get(`/debug/member?email=${encodeURIComponent(person.email)}&provider=google`);
    expect(own.status).toBe(200);
    const page = await textOf(own);
    expect(page).toContain('data-testid="member-record"');
    expect(page).toContain(person.email);
    expect(page).toContain("Point transactions");
    expect(page).toContain("Sign Up: credit 50");

    const other = openBrowser(shop);
    const someoneElse = newPerson();
    await other.signIn(someoneElse);
    const theirs = await browser.get(`/debug/member?email=${encodeURIComponent(someoneElse.email)}&provider=google`);
    expect(theirs.status).toBe(403);
    const refused = await textOf(theirs);
    expect(refused).toContain("You can only see and change your own membership.");
    expect(refused).not.toContain('data-testid="member-record"');
    const nobody = await browser.get("/debug/member?email=nobody-here%40example.com&provider=facebook");
    expect(nobody.status).toBe(404);
    const bad = await browser.get("/debug/member?email=x%40example.com&provider=myspace");
    expect(bad.status).toBe(400);
  });

  it("lists the member's orders and links and unlinks one with form posts", async () => {
    const browser = openBrowser(shop);
    const person = newPerson();
    await browser.signIn(person);
    const order = await placePastOrder(shop.server.database.db, { email: person.email, mobile: "9123 4567", paidAt: new Date() });
    const stranger = await placePastOrder(shop.server.database.db, {
      email: "someone-else@example.com",
      mobile: "9123 4567",
      paidAt: new Date(),
    });
    const listed = await textOf(await browser.get("/debug/orders"));
    expect(listed).toContain(order.invoiceId);
    expect(listed).toContain("not linked");
    expect(listed).not.toContain(stranger.invoiceId);

    const linked = await browser.post("/debug/orders", { intent: "link", invoiceId: order.invoiceId, mobile: "9123 4567" });
    expect(linked.status).toBe(200);
    expect(await textOf(linked)).toContain(`Linked order ${order.invoiceId}`);
    const again = await browser.post("/debug/orders", { intent: "link", invoiceId: order.invoiceId, mobile: "9123 4567" });
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain("You have already linked this order.");
    const wrong = await browser.post("/debug/orders", { intent: "link", invoiceId: "", mobile: "" });
    expect(wrong.status).toBe(400);

    const unlinked = await browser.post("/debug/orders", { intent: "unlink", email: person.email });
    expect(unlinked.status).toBe(200);
    expect(await textOf(unlinked)).toContain(`Unlinked your orders placed with ${person.email}`);
    const badEmail = await browser.post("/debug/orders", { intent: "unlink", email: "not an email" });
    expect(badEmail.status).toBe(400);
    expect((await browser.post("/debug/orders", { intent: "nonsense" })).status).toBe(400);
  });

  it("shows how a code prices a product, and why an unknown option is refused", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const shown = await browser.get(`/debug/test-display-promo?code=welcome10&optionId=${BOX}`);
    expect(shown.status).toBe(200);
    const page = await textOf(shown);
    expect(page).toContain('data-testid="promotion-display"');
    expect(page).toContain("Discount (WELCOME10)");
    const expired = await textOf(await browser.get(`/debug/test-display-promo?code=NEWYEAR25&optionId=${BOX}`));
    expect(expired).toContain("That promotion code has expired.");
    const unknown = await browser.get("/debug/test-display-promo?code=SAVE5&optionId=op-nothing-1b");
    expect(unknown.status).toBe(400);
    expect(await textOf(unknown)).toContain("There is no product option with that id.");
  });

  it("lists the codes, checks one against the bag and creates a test code for a signed-in member", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const list = await textOf(await browser.get("/debug/stripe-coupon-utility?check=SAVE5"));
    for (const code of SEEDED_CODES) expect(list).toContain(code);
    expect(list).toContain("Your bag is empty.");
    expect(list).toContain("payment session is created with the already discounted amounts");

    const bad = await browser.post("/debug/stripe-coupon-utility", { kind: "percent", value: "150" });
    expect(bad.status).toBe(400);
    expect(await textOf(bad)).toContain("a percentage must be at most 100");
    const created = await browser.post("/debug/stripe-coupon-utility", {
      kind: "amount",
      value: "300",
      code: "",
      usageLimit: "",
      lastDay: "",
    });
    expect(created.status).toBe(200);
    const code = /Created (TEST-[A-Z0-9]{6})\./.exec(await textOf(created))?.[1];
    expect(code).toBeDefined();
    const duplicate = await browser.post("/debug/stripe-coupon-utility", { kind: "amount", value: "300", code: code ?? "" });
    expect(duplicate.status).toBe(409);
    expect(await textOf(await browser.get("/debug/stripe-coupon-utility"))).toContain(code);
  });
});
