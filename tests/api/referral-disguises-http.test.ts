import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { referrals } from "../../db/schema/referrals.ts";
import { discountFrom } from "../setup/discounted-orders.ts";
import { publishRulesAt } from "../setup/expiry-fixtures.ts";
import { placeOrderOverHttp, type ShippingForm } from "../setup/http-checkout.ts";
import { newPerson, openBrowser, type ShopBrowser } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

/** The referrer's own details, as their earlier order left them on file. */
const MEI: ShippingForm = {
  name: "Tan Mei Ling",
  email: "mei.ling.tan@gmail.com",
  mobile: "9123 4567",
  address: "12 Holland Road, #03-04",
  postalCode: "278531",
};
let friends = 0;
/** Somebody new: nothing of theirs is on file. */
const newFriend = (): ShippingForm => {
  friends += 1;
  return {
    name: "Siti Rahmah",
    email: `siti.${friends}@example.com`,
    mobile: `8${String(1_000_000 + friends).padStart(7, "0")}`,
    address: `${friends} Friend Street #01-01`,
    postalCode: "123456",
  };
};

const REFUSED =
  /A friend&#x27;s 10% off is for someone ordering from us for the first time\. This order matches an existing customer/;
const referralLine = (html: string) => /data-testid="checkout-referral-discount"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;

describe("the friend's discount and the referral see through the referrer's disguises, over HTTP", () => {
  let shop: TestServer;
  let code = "";
  let referrer: ShopBrowser;
  beforeAll(async () => {
    shop = await startTestServer();
    await publishRulesAt(shop.server.database.db, new Date(), (rules) => ({
      ...rules,
      referrals: { ...rules.referrals, enabled: true },
    }));
    referrer = openBrowser(shop);
    await referrer.signIn(newPerson());
    const page = await (await referrer.get("/member/referrals")).text();
    code = /\/r\/([2-9A-HJKMNP-Z]{8})/.exec(page)?.[1] ?? "";
    await placeOrderOverHttp(shop, MEI, referrer);
    // The referrer's own browser holds a device id (following their own link) that their pages record.
    await referrer.get(`/r/${code}`);
    await referrer.get("/member/referrals");
  });
  afterAll(() => shop?.close());

  const db = () => shop.server.database.db;
  const orderOf = async (invoiceId: string) => {
    const [order] = await db().select().from(orders).where(eq(orders.invoiceId, invoiceId));
    return order && { ...order, referralDiscountCents: await discountFrom(db(), order.id, "referral") };
  };
  const referralOf = async (orderId: string) => db().select().from(referrals).where(eq(referrals.orderId, orderId));

  async function followedLink(): Promise<ShopBrowser> {
    const friend = openBrowser(shop);
    await friend.get(`/r/${code}`);
    await friend.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
    return friend;
  }

  /** Pays the checkout the page's form starts, told or not, and returns the order. */
  async function pay(browser: ShopBrowser, started: Response) {
    expect(started.status).toBe(303);
    const paid = await browser.post(started.headers.get("location") ?? "", { cardNumber: "4242424242424242" });
    const page = await (await browser.get(new URL(paid.headers.get("location") ?? "").pathname)).text();
    const order = await orderOf(/data-testid="invoice-id">([0-9A-Z]{8})</.exec(page)?.[1] ?? "");
    if (!order) throw new Error("no order was placed");
    return order;
  }

  it.each([
    ["the gmail address without its dots", { email: "meilingtan@gmail.com" }],
    ["the gmail address with a +tag", { email: "mei.ling.tan+friend@gmail.com" }],
    ["the gmail address at googlemail.com", { email: "Mei.Ling.Tan@googlemail.com" }],
    ["the mobile number in another format", { mobile: "+65 9123-4567" }],
    ["the address written Rd for Road", { address: "12 HOLLAND RD #03-04", postalCode: "278531" }],
  ])("refuses %s: the page says why, and the order pays full price with no referral", async (_, disguise) => {
    const friend = await followedLink();
    expect(referralLine(await (await friend.get("/checkout/summary")).text())).toMatch(/^-S\$/);
    const form = { ...newFriend(), ...disguise };
    const refused = await friend.post("/checkout/shipping", form);
    expect(refused.status).toBe(409);
    const page = await refused.text();
    expect(page).toMatch(REFUSED);
    expect(page).toMatch(/Continue to pay S\$\d+\.\d\d without it\./);
    expect(referralLine(page)).toBeNull();
    // Nothing of the referrer's is shown back.
    const typed = Object.values(form).join(" ").toLowerCase();
    for (const detail of ["mei.ling.tan@gmail.com", "+6591234567", "holland road", "278531", "tan mei ling"]) {
      if (!typed.includes(detail)) expect(page.toLowerCase()).not.toContain(detail);
    }

    const order = await pay(friend, await friend.post("/checkout/shipping", { ...form, withoutFriendDiscount: "on" }));
    expect(order.referralDiscountCents).toBe(0);
    expect(order.priceCents).toBe(order.subtotalCents + order.shippingCents - order.discountCents);
    expect(await referralOf(order.id)).toEqual([]);
  });

  it("refuses an earlier customer who comes back under another spelling of their gmail address", async () => {
    const earlier = { ...newFriend(), email: "amy.lim@gmail.com" };
    await placeOrderOverHttp(shop, earlier);
    const friend = await followedLink();
    const refused = await friend.post("/checkout/shipping", { ...newFriend(), email: "AmyLim+again@googlemail.com" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(REFUSED);
  });

  it("refuses the referrer signed out in their own browser: the summary says why before the form, and no discount is taken", async () => {
    await referrer.signOut();
    await referrer.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
    const summary = await (await referrer.get("/checkout/summary")).text();
    expect(summary).toMatch(REFUSED);
    expect(referralLine(summary)).toBeNull();
    const shipping = await (await referrer.get("/checkout/shipping")).text();
    expect(shipping).toMatch(REFUSED);
    expect(shipping).toContain('<input type="hidden" name="withoutFriendDiscount" value="on"/>');
    // Told already, the shopper's form goes straight on to payment at full price.
    const order = await pay(referrer, await referrer.post("/checkout/shipping", { ...newFriend(), withoutFriendDiscount: "on" }));
    expect(order.referralDiscountCents).toBe(0);
    expect(await referralOf(order.id)).toEqual([]);
  });

  it("tells the referrer signed in that the link is their own", async () => {
    const own = openBrowser(shop);
    await own.signIn(newPerson());
    const page = await (await own.get("/member/referrals")).text();
    const ownCode = /\/r\/([2-9A-HJKMNP-Z]{8})/.exec(page)?.[1] ?? "";
    await own.get(`/r/${ownCode}`);
    await own.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
    const summary = await (await own.get("/checkout/summary")).text();
    expect(summary).toContain("This is your own referral link: its discount is for the friends you share it with.");
    expect(referralLine(summary)).toBeNull();
  });

  it("still gives a genuine new friend the discount and the referrer a pending referral", async () => {
    const friend = await followedLink();
    const order = await pay(friend, await friend.post("/checkout/shipping", newFriend()));
    expect(order.referralDiscountCents).toBeGreaterThan(0);
    expect(await referralOf(order.id)).toMatchObject([
      { state: "pending", reasons: [], discountCents: order.referralDiscountCents },
    ]);
  });
});
