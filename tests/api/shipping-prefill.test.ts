import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ShippingForm, shippingFor, startCheckoutOverHttp } from "../setup/http-checkout.ts";
import { newPerson, openBrowser, type ShopBrowser } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const FIELDS = ["name", "email", "mobile", "address", "postalCode"] as const;

/** What each input of the shipping form starts with ("" when it has no value). */
async function shippingFormOf(browser: ShopBrowser): Promise<Record<(typeof FIELDS)[number], string>> {
  const response = await browser.get("/checkout/shipping");
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const page = await response.text();
  const startingValue = (name: string) => {
    const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(page)?.[0] ?? "";
    const value = / value="([^"]*)"/.exec(input)?.[1] ?? "";
    return value.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
  };
  return Object.fromEntries(FIELDS.map((name) => [name, startingValue(name)])) as Record<(typeof FIELDS)[number], string>;
}

async function addToBag(browser: ShopBrowser) {
  const added = await browser.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
  expect(added.status).toBe(303);
}

/** Pays for the browser's bag with the test card: a paid order for whoever holds it. */
async function payFor(shop: TestServer, browser: ShopBrowser, shipping: ShippingForm) {
  const payPath = await startCheckoutOverHttp(browser, shipping);
  const paid = await browser.post(payPath, { cardNumber: "4242424242424242" });
  expect(paid.status).toBe(303);
  await browser.get(new URL(paid.headers.get("location") ?? shop.baseUrl).pathname);
}

describe("the shipping form starts with what the shop knows", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  it("stays empty for a visitor, except what they typed in this checkout", async () => {
    const visitor = openBrowser(shop);
    await addToBag(visitor);
    expect(await shippingFormOf(visitor)).toEqual({ name: "", email: "", mobile: "", address: "", postalCode: "" });

    // Typed, sent to payment, then back from the payment page without paying.
    await startCheckoutOverHttp(visitor, { ...shippingFor("lim.hui@example.com", "+65 8123 4567"), name: "Lim Hui" });
    expect(await shippingFormOf(visitor)).toEqual({
      name: "Lim Hui",
      email: "lim.hui@example.com",
      mobile: "8123 4567",
      address: "1 Orchard Road, #01-01",
      postalCode: "238801",
    });
    // Another visitor sees none of it.
    const other = openBrowser(shop);
    await addToBag(other);
    expect(await shippingFormOf(other)).toEqual({ name: "", email: "", mobile: "", address: "", postalCode: "" });
  });

  it("gives a member their name and email, and their own last order's mobile and address; never another's", async () => {
    const aisha = newPerson("google", "Nur Aisha");
    const member = openBrowser(shop);
    await member.signIn(aisha);
    await addToBag(member);
    expect(await shippingFormOf(member)).toEqual({
      name: "Nur Aisha",
      email: aisha.email,
      mobile: "",
      address: "",
      postalCode: "",
    });

    await payFor(shop, member, {
      ...shippingFor(aisha.email, "9876 5432"),
      address: "20 Tampines Ave 1, #05-12",
      postalCode: "529776",
    });
    await addToBag(member);
    const ordered = {
      name: "Nur Aisha",
      email: aisha.email,
      mobile: "9876 5432",
      address: "20 Tampines Ave 1, #05-12",
      postalCode: "529776",
    };
    expect(await shippingFormOf(member)).toEqual(ordered);

    // A second member, whose email a guest order was also placed with, gets only their own details.
    const rajan = newPerson("facebook", "Rajan Pillai");
    const guest = openBrowser(shop);
    await payFor(shop, guest, { ...shippingFor(rajan.email, "8111 2222"), name: "Someone Else" });
    const second = openBrowser(shop);
    await second.signIn(rajan);
    await addToBag(second);
    expect(await shippingFormOf(second)).toEqual({
      name: "Rajan Pillai",
      email: rajan.email,
      mobile: "",
      address: "",
      postalCode: "",
    });

    // The first member still sees their own.
    expect(await shippingFormOf(member)).toEqual(ordered);
  });
});
