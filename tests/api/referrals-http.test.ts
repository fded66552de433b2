import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { referrals } from "../../db/schema/referrals.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { testPaymentSessions } from "../../db/schema/test-payments.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { discountFrom } from "../setup/discounted-orders.ts";
import { publishRulesAt } from "../setup/expiry-fixtures.ts";
import { placeOrderOverHttp, shippingFor } from "../setup/http-checkout.ts";
import { callGraphQL, codesOf, memberOf, signIn } from "../setup/member-graphql.ts";
import { newPerson, openBrowser, type ShopBrowser, signInAtProvider } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const REFERRAL = `query($email: String!) {
  getMemberByEmailAndProviderTypeFast(email: $email, providerType: "google") { referral { code link } referrals { friendName state } }
}`;

describe("referral links, cookies and the friend's discount over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop?.close());

  const db = () => shop.server.database.db;
  const orderOf = async (invoiceId: string) => {
    const [order] = await db().select().from(orders).where(eq(orders.invoiceId, invoiceId));
    return order && { ...order, referralDiscountCents: await discountFrom(db(), order.id, "referral") };
  };
  const summaryOf = async (browser: ShopBrowser) => {
    await browser.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
    return (await browser.get("/checkout/summary")).text();
  };
  const referralLine = (html: string) => /data-testid="checkout-referral-discount"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;

  it("GraphQL gives no referral while they are off, then the member's own code and link; another member's is refused", async () => {
    const account = await signIn(shop);
    await memberOf(shop.baseUrl, account);
    const before = await callGraphQL(shop.baseUrl, REFERRAL, { email: account.email }, { token: account.token });
    expect(before.body.data?.getMemberByEmailAndProviderTypeFast).toEqual({ referral: null, referrals: [] });
    const followOff = await openBrowser(shop).get("/r/ABCDEFGH");
    expect(followOff.headers.get("set-cookie")).toBeNull();

    await publishRulesAt(db(), new Date(), (rules) => ({ ...rules, referrals: { ...rules.referrals, enabled: true } }));
    const after = await callGraphQL(shop.baseUrl, REFERRAL, { email: account.email }, { token: account.token });
    const member = after.body.data?.getMemberByEmailAndProviderTypeFast as
      | { referral: { code: string; link: string } }
      | undefined;
    const referral = member?.referral ?? { code: "", link: "" };
    expect(referral.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(referral.link).toMatch(new RegExp(`/r/${referral.code}$`));

    const other = await signIn(shop);
    await memberOf(shop.baseUrl, other);
    const refused = await callGraphQL(shop.baseUrl, REFERRAL, { email: other.email }, { token: account.token });
    expect(codesOf(refused)).toEqual(["FORBIDDEN"]);
  });

  it("a friend following the link gets an HttpOnly, SameSite=Lax code and device cookie, the discount on its own line, and pays less", async () => {
    const referrer = openBrowser(shop);
    await referrer.signIn(newPerson());
    const page = await (await referrer.get("/member/referrals")).text();
    const link =
      /data-testid="referral-link"[^>]*value="([^"]+)"/.exec(page)?.[1] ??
      /value="([^"]+)"[^>]*data-testid="referral-link"/.exec(page)?.[1];
    const code = link?.split("/r/")[1];
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    // The referrer's own code gives them nothing, and no welcome says it does.
    const own = await referrer.get(`/r/${code}`);
    expect(own.headers.getSetCookie().find((cookie) => cookie.startsWith("friend_offer="))).toBeUndefined();
    expect(referralLine(await summaryOf(referrer))).toBeNull();

    const friend = openBrowser(shop);
    const followed = await friend.get(`/r/${code?.toLowerCase()}`);
    expect(followed.status).toBe(303);
    expect(followed.headers.get("location")).toBe("/");
    const cookies = followed.headers.getSetCookie();
    expect(cookies.find((cookie) => cookie.startsWith(`ref=${code};`))).toMatch(/HttpOnly; SameSite=Lax/);
    expect(cookies.find((cookie) => cookie.startsWith("device="))).toMatch(/HttpOnly; SameSite=Lax/);
    // The home page is the same for everyone: the welcome travels in a short-lived cookie scripts
    // can read, holding the version's percent and nothing else.
    const welcome = cookies.find((cookie) => cookie.startsWith("friend_offer="));
    expect(welcome).toBe("friend_offer=10; Path=/; SameSite=Lax; Max-Age=600");
    const home = await friend.get("/");
    expect(home.status).toBe(200);
    expect(await home.text()).not.toContain("first order");

    const html = await summaryOf(friend);
    expect(referralLine(html)).toMatch(/^-S\$\d+\.\d\d$/);
    expect(html).toContain("Friend&#x27;s first-order discount");
    const { invoiceId } = await placeOrderOverHttp(shop, shippingFor("new-friend@example.com", "8111 2222"), friend);
    const order = await orderOf(invoiceId);
    expect(order?.referralDiscountCents).toBeGreaterThan(0);
    expect(order?.priceCents).toBe((order?.subtotalCents ?? 0) - (order?.discountCents ?? 0) + (order?.shippingCents ?? 0));
    const [payment] = await db()
      .select()
      .from(testPaymentSessions)
      .where(eq(testPaymentSessions.id, order?.checkoutSessionId ?? ""));
    expect(payment?.amountCents).toBe(order?.priceCents);
    const [referral] = await db()
      .select()
      .from(referrals)
      .where(eq(referrals.orderId, order?.id ?? ""));
    expect(referral).toMatchObject({ state: "pending", discountCents: order?.referralDiscountCents });
  });

  it("gives an email that ordered before no discount, says so, and records no referral, and ignores an unknown code", async () => {
    const [{ code } = { code: "" }] = await db().select({ code: referrals.code }).from(referrals).limit(1);
    await placeOrderOverHttp(shop, shippingFor("old-customer@example.com"));
    const again = openBrowser(shop);
    await again.get(`/r/${code}`);
    await again.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
    const told = await again.post("/checkout/shipping", { ...shippingFor("Old-Customer@example.com") });
    expect(told.status).toBe(409);
    expect(await told.text()).toContain("This order matches an existing customer, so the discount is not taken off.");
    const started = await again.post("/checkout/shipping", {
      ...shippingFor("old-customer@example.com"),
      withoutFriendDiscount: "on",
    });
    const paid = await again.post(started.headers.get("location") ?? "", { cardNumber: "4242424242424242" });
    const complete = await (await again.get(new URL(paid.headers.get("location") ?? "").pathname)).text();
    const order = await orderOf(/data-testid="invoice-id">([0-9A-Z]{8})</.exec(complete)?.[1] ?? "");
    expect(order?.referralDiscountCents).toBe(0);
    expect(
      await db()
        .select()
        .from(referrals)
        .where(eq(referrals.orderId, order?.id ?? "")),
    ).toEqual([]);

    for (const path of ["/r/ZZZZZZZZ", `/r/${"A".repeat(500)}`, "/r/%3Cscript%3E"]) {
      const unknown = await openBrowser(shop).get(path);
      expect(unknown.status).toBe(303);
      expect(unknown.headers.get("set-cookie")).toBeNull();
    }
  });

  it("staff approve a held referral from the queue, audited; a bad decision is refused with a 400", async () => {
    const [first] = await db().select({ id: referrals.id }).from(referrals).limit(1);
    const [held] = await db()
      .update(referrals)
      .set({ state: "held", reasons: ["weekly-cap"] })
      .where(eq(referrals.id, first?.id ?? ""))
      .returning();
    const staff = openBrowser(shop);
    const start = await staff.post("/admin/login", { provider: TEST_OWNER.provider });
    const callback = await signInAtProvider(staff.jar, new URL(start.headers.get("location") ?? ""), TEST_OWNER);
    await staff.get(`${callback.pathname}${callback.search}`);
    const page = await (await staff.get("/admin/referrals")).text();
    expect(page).toContain("The referrer passed the weekly number of referrals");
    const csrf = /<input type="hidden" name="csrf" value="([^"]*)"/.exec(page)?.[1] ?? "";

    const bad = await staff.post("/admin/referrals", { csrf, referralId: held?.id ?? "", decision: "maybe" });
    expect(bad.status).toBe(400);
    const approved = await staff.post("/admin/referrals", { csrf, referralId: held?.id ?? "", decision: "approve" });
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain("Referral approved");
    const [after] = await db()
      .select()
      .from(referrals)
      .where(eq(referrals.id, held?.id ?? ""));
    expect(after).toMatchObject({ state: "pending", decidedBy: TEST_OWNER.email });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "referral.approve"));
    expect(audit).toHaveLength(1);
  });
});
