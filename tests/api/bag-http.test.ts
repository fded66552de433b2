import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCookieFor } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("the bag over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  function post(body: BodyInit, cookie?: string, contentType = "application/x-www-form-urlencoded") {
    return fetch(`${shop.baseUrl}/bag`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { "content-type": contentType, ...(cookie ? { cookie } : {}) },
    });
  }
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it("keeps the bag server-side behind an HttpOnly cookie and prices it on the server", async () => {
    const added = await post(form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1", optionPrice: "0.01" }));
    expect(added.status).toBe(303);
    const setCookie = added.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^bag=[A-Za-z0-9_-]{22}; Path=\/; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(";")[0] ?? "";
    await post(form({ intent: "add", optionId: "op-j4_yz-1b", quantity: "2" }), cookie);
    const html = await (await fetch(`${shop.baseUrl}/bag`, { headers: { cookie } })).text();
    expect(html).toContain("S$39.00");
    expect(html).toContain("S$25.80");
    expect(html).toContain("S$64.80");
  });

  it("prices three flavours at one box each at the three-box price, says what they save and what one more box would", async () => {
    const added = await post(form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1" }));
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const page = async () =>
      (await (await fetch(`${shop.baseUrl}/bag`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
    expect(await page()).toContain("One more box, any flavour, saves S$9.10.");
    for (const optionId of ["op-m8_ll-1b", "op-m8_sb-1b"]) await post(form({ intent: "add", optionId, quantity: "1" }), cookie);
    const html = await page();
    expect(html).toContain("3 boxes together: you save S$15.60. One more box, any flavour, saves S$2.60 more.");
    expect(html).toMatch(/data-testid="bag-subtotal">S\$117\.00</);
    expect(html).toContain("Luna Collagen Nectar, 8-serving box: 3 boxes together");
    expect(html).toMatch(/data-testid="checkout-quantity-saving"[^>]*>-S\$15\.60</);
    expect(html).toMatch(/data-testid="bag-total">S\$101\.40</);
    expect(html).toMatch(/data-testid="bag-shipping">Free</);
  });

  it("shows each line with its product's picture at a size fixed before it loads, left to the line's words to name", async () => {
    const added = await post(form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1" }));
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    for (const optionId of ["op-m8_ba-2b", "op-j4_yz-1b", "op-mpu_pb-1pu"])
      await post(form({ intent: "add", optionId, quantity: "1" }), cookie);
    const html = await (await fetch(`${shop.baseUrl}/bag`, { headers: { cookie } })).text();
    const shown = [...html.matchAll(/<img src="\/photos\/[0-9a-f]{16}-\d+\.webp" alt="([^"]*)" width="960" height="960"/g)];
    // A line's picture shows its product in one flavour: a Yuzu line must not be read out as Blueberry.
    expect(shown.map((picture) => picture[1])).toEqual(["", "", "", ""]);
    expect(html).toContain("Yuzu");
  });

  it("sends in the bag page's data what its lines show, and the page still shows each line's option, servings and price", async () => {
    const added = await post(form({ intent: "add", optionId: "op-m8_ba-2b", quantity: "1" }));
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const data = await (await fetch(`${shop.baseUrl}/bag.data`, { headers: { cookie } })).text();
    for (const unshown of ["skuId", "retailPriceCents", "singleBoxValueCents", "campaignDiscountExclusion", "productId"]) {
      expect(data, unshown).not.toContain(unshown);
    }
    const html = (await (await fetch(`${shop.baseUrl}/bag`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain('href="/shop/luna-collagen/m8"');
    expect(html).toContain("Berries Acai · 2 Boxes · 16 servings");
    expect(html).toContain("S$68.90 each");
  });

  it("moves a form post that worked on to the bag page with 303, which then says what happened", async () => {
    const added = await post(form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1" }));
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/bag?done=added");
    expect(await added.text()).toBe("");
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const page = async (location: string | null) => (await fetch(`${shop.baseUrl}${location}`, { headers: { cookie } })).text();
    expect(await page(added.headers.get("location"))).toContain("Added to your bag.");

    const updated = await post(form({ intent: "update", optionId: "op-m8_ba-1b", quantity: "3" }), cookie);
    expect(updated.status).toBe(303);
    expect(setCookieFor(updated, "bag")).toBeNull();
    expect(setCookieFor(updated, "visitor")).toMatch(/^visitor=3\.0;/);
    const updatedPage = await page(updated.headers.get("location"));
    expect(updatedPage).toContain("Quantity updated.");
    expect(updatedPage).toContain("S$117.00");

    const removed = await post(form({ intent: "remove", optionId: "op-m8_ba-1b" }), cookie);
    expect(removed.headers.get("location")).toBe("/bag?done=removed");
    expect(await page(removed.headers.get("location"))).toContain("Removed from your bag.");
    // Any other value shows no message at all: the page never repeats text from its address.
    expect(await page("/bag?done=added")).toContain('role="status"');
    expect(await page("/bag?done=Free%20S%2450%20voucher")).not.toContain('role="status"');
  });

  it("answers a hydrated page's post (/bag.data) with the message as data, not a move", async () => {
    const response = await fetch(`${shop.baseUrl}/bag.data`, {
      method: "POST",
      body: form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1" }),
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^bag=/);
    expect(await response.text()).toContain("Added to your bag.");
  });

  it.each([
    [{ intent: "add", optionId: "op-bad", quantity: "1" }, 400, "That purchase option id is not valid."],
    [{ intent: "add", optionId: "op-m4_ba-1b", quantity: "1" }, 404, "That product option is not available."],
    [{ intent: "add", optionId: "op-m8_ba-1b", quantity: "0" }, 400, "Quantity must be a whole number from 1 to 99."],
    [{ intent: "add", optionId: "op-m8_ba-1b", quantity: "2.5" }, 400, "Quantity must be a whole number from 1 to 99."],
    [{ intent: "update", optionId: "op-m8_ba-1b", quantity: "3" }, 404, "That item is not in your bag."],
    [{ intent: "explode" }, 400, "Unknown bag action."],
  ])("refuses %j with a clear message and sets no bag", async (fields, status, message) => {
    const response = await post(form(fields));
    expect(response.status).toBe(status);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.text()).toContain(message);
  });

  it("refuses a body over 64 KB with 413 and a malformed one with 400", async () => {
    const huge = await post(form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1", pad: "x".repeat(70_000) }));
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain("Request body is too large");
    const malformed = await post("--nope\r\n\r\n", undefined, "multipart/form-data; boundary=zzz");
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("The request could not be read.");
  });
});
