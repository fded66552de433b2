import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { generateOrderCode } from "../../kernel/order-code.ts";
import { placeOrderOverHttp, shippingFor } from "../setup/http-checkout.ts";
import { confirmationFields } from "../setup/refund-fixtures.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const MOBILE = "9123 4567";

/** The lookup form's invoice field, as the page renders it. */
const invoiceField = (html: string) => /<input id="invoiceId"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? null;

describe("/order: a member's orders listed, and any order found by its mobile number", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const signedIn = async (name: string) => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson("google", name));
    return browser;
  };
  const buy = (browser: ShopBrowser, email: string) => placeOrderOverHttp(shop, shippingFor(email, MOBILE), browser);
  const priceOf = async (invoiceId: string) =>
    (await shop.server.database.db.select().from(orders).where(eq(orders.invoiceId, invoiceId)))[0]?.priceCents ?? 0;

  it("lists a signed-in member's own orders, never another member's, with a way to find any other order", async () => {
    const [ana, ben] = [await signedIn("Ana Lim"), await signedIn("Ben Tan")];
    const anas = [await buy(ana, "ana@example.com"), await buy(ana, "ana@example.com")];
    const bens = await buy(ben, "ben@example.com");
    // A guest order placed with Ana's email is not hers: anyone can type any email.
    const stranger = await placeOrderOverHttp(shop, shippingFor("ana@example.com", MOBILE));

    const response = await ana.get("/order");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    // React separates text it joined with comments; the page reads without them.
    const page = (await response.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("<h1");
    expect(page).toContain("Your orders");
    for (const { invoiceId } of anas) {
      expect(page).toContain(`href="/order/${invoiceId}"`);
      expect(page).toContain(`S$${((await priceOf(invoiceId)) / 100).toFixed(2)}`);
    }
    const words = page.replace(/<[^>]+>/g, "");
    expect(words).toMatch(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} 20\d\d, \d{1,2}:\d\d [ap]m · Paid/);
    // Newest first.
    expect(page.indexOf(anas[1]?.invoiceId ?? "")).toBeLessThan(page.indexOf(anas[0]?.invoiceId ?? ""));
    expect(page).not.toContain(bens.invoiceId);
    expect(page).not.toContain(stranger.invoiceId);
    expect(page).toContain("Find another order");
    expect(invoiceField(page)).toBe("");

    const benPage = await (await ben.get("/order")).text();
    expect(benPage).toContain(`href="/order/${bens.invoiceId}"`);
    for (const { invoiceId } of [...anas, stranger]) expect(benPage).not.toContain(invoiceId);

    // A member can still look up an order that is not theirs, with its mobile number.
    const found = await ana.post("/order", { invoiceId: bens.invoiceId, mobile: MOBILE });
    expect(found.status).toBe(302);
    expect(found.headers.get("location")).toBe(`/order/${bens.invoiceId}`);
    expect((await ana.get(`/order/${bens.invoiceId}`)).status).toBe(200);
  });

  it("says what was refunded of a member's order, in part and then in full, on their lists and the order's pages", async () => {
    const cleo = await signedIn("Cleo Ng");
    const { invoiceId } = await buy(cleo, "cleo@example.com");
    const [order] = await shop.server.database.db.select().from(orders).where(eq(orders.invoiceId, invoiceId));
    const price = `S$${((order?.priceCents ?? 0) / 100).toFixed(2)}`;
    const owner = await staffSignIn(shop, TEST_OWNER);
    const orderPath = `/admin/orders/${order?.id}`;
    const refund = async (form: Record<string, string>) => {
      const csrf = /<input type="hidden" name="csrf" value="([^"]*)"/.exec(await (await owner.get(orderPath)).text())?.[1] ?? "";
      const asked = await owner.post(orderPath, { csrf, intent: "refund", reason: "Late delivery", ...form });
      expect((await owner.post(orderPath, confirmationFields(await asked.text()))).status).toBe(200);
    };
    const words = async (path: string) =>
      (await (await cleo.get(path)).text())
        .replaceAll("<!-- -->", "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ");

    await refund({ kind: "amount", amount: "10" });
    for (const list of ["/order", "/member"]) {
      const text = await words(list);
      expect(text, list).toContain(`Paid, refunded S$10.00 of ${price}`);
      expect(text, list).not.toContain("Paid, not yet shipped");
    }
    for (const page of [`/order/${invoiceId}`, `/order-details/${invoiceId}`]) {
      expect(await words(page), page).toContain(`Refunded: S$10.00 of ${price}, back to the card you paid with.`);
    }

    await refund({ kind: "rest" });
    for (const list of ["/order", "/member"]) expect(await words(list), list).toContain(`Refunded ${price}`);
    expect(await words(`/order-details/${invoiceId}`)).toContain("This order was refunded.");
    expect(await words(`/order/${invoiceId}`)).toContain(`Refunded: ${price} of ${price}`);
  });

  it("shows a guest the lookup form alone", async () => {
    const page = await (await openBrowser(shop).get("/order")).text();
    expect(page).toContain("Find your order");
    expect(page).not.toContain("Your orders");
    expect(page).toContain('href="/member/login?redirect=%2Forder"');
  });

  it("sends a stranger opening an order's page to the form with the invoice filled in, the same whether it exists or not", async () => {
    const { invoiceId } = await placeOrderOverHttp(shop, shippingFor("real@example.com", MOBILE));
    const missing = generateOrderCode(new Date());
    const askFor = async (path: string) => {
      const stranger = openBrowser(shop);
      const answer = await stranger.get(path);
      const location = answer.headers.get("location") ?? "";
      const form = await stranger.get(location);
      return { stranger, status: answer.status, location, formStatus: form.status, html: await form.text() };
    };
    for (const page of ["/order-details/{code}", "/order/{code}", "/order/{code}/invoice.pdf"]) {
      const real = await askFor(page.replace("{code}", invoiceId));
      const none = await askFor(page.replace("{code}", missing));
      for (const [asked, code] of [
        [real, invoiceId],
        [none, missing],
      ] as const) {
        expect(asked.status).toBe(302);
        expect(asked.location).toBe(`/order?${new URLSearchParams({ invoice: code, next: page.replace("{code}", code) })}`);
        expect(asked.formStatus).toBe(200);
        expect(invoiceField(asked.html)).toBe(code);
        expect(asked.html).toContain("Mobile number");
        expect(asked.html).not.toContain("Tan Mei Ling");
      }
      expect(none.html.replaceAll(missing, "CODE").replace(/nonce="[^"]*"/g, "")).toBe(
        real.html.replaceAll(invoiceId, "CODE").replace(/nonce="[^"]*"/g, ""),
      );
    }

    const { stranger } = await askFor(`/order-details/${invoiceId}`);
    const next = `/order-details/${invoiceId}`;
    const wrong = await stranger.post("/order", { invoiceId, mobile: "8123 4567", next });
    expect(wrong.status).toBe(404);
    const unknown = await stranger.post("/order", { invoiceId: missing, mobile: MOBILE, next: `/order-details/${missing}` });
    expect(await unknown.text()).toContain("We couldn&#x27;t find an order with that invoice number and mobile number.");
    expect(await wrong.text()).toContain("We couldn&#x27;t find an order with that invoice number and mobile number.");
    const right = await stranger.post("/order", { invoiceId, mobile: MOBILE, next });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe(next);
    const details = await stranger.get(next);
    expect(details.status).toBe(200);
    const html = await details.text();
    expect(html).toContain(`Order ${invoiceId}`);
    expect(html).toContain("Estimated delivery");
  });

  it("goes on only to a page of the order just proved", async () => {
    const { invoiceId } = await placeOrderOverHttp(shop, shippingFor("next@example.com", MOBILE));
    const other = generateOrderCode(new Date());
    for (const next of [
      "https://evil.example/",
      "//evil.example/order/x",
      `/order/${other}`,
      "/member",
      `/order/${invoiceId}/../../x`,
    ]) {
      const answer = await openBrowser(shop).post("/order", { invoiceId, mobile: MOBILE, next });
      expect(answer.headers.get("location"), next).toBe(`/order/${invoiceId}`);
    }
    const page = await (await openBrowser(shop).get(`/order?invoice=${invoiceId}&next=https://evil.example/`)).text();
    expect(page).not.toContain('name="next"');
    const kept = await (await openBrowser(shop).get(`/order?invoice=${invoiceId}&next=/order-details/${invoiceId}`)).text();
    expect(kept).toContain(`<input type="hidden" name="next" value="/order-details/${invoiceId}"/>`);
  });

  it("answers what is no order code at all with a 404, as before", async () => {
    for (const path of ["/order/not-a-code", "/order-details/XXXXXXXX", "/order/XXXXXXXX/invoice.pdf"]) {
      expect((await openBrowser(shop).get(path)).status, path).toBe(404);
    }
  });
});
