import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryOptions } from "../../db/schema/delivery.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { placeOrderOverHttp, shippingFor } from "../setup/http-checkout.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;
const seenField = (id: string) => new RegExp(`name="id" value="${id}"/><input type="hidden" name="seen" value="([^"]*)"`);
const SEEN_FIELD = seenField("express");
const PAGE = "/admin/delivery";
const SAME_DAY = {
  intent: "create",
  name: "Same day",
  price: "14.90",
  freeFrom: "",
  minDays: "0",
  maxDays: "0",
  weekdays: "1",
  cutoff: "11:00",
};

const { weekdays: _days, ...withoutDays } = SAME_DAY;

describe("delivery options over HTTP", () => {
  let shop: TestServer;
  let owner: ShopBrowser;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    owner = await staffSignIn(shop, TEST_OWNER);
  });
  afterAll(() => shop.close());

  const optionRow = async (id: string) =>
    (await shop.server.database.db.select().from(deliveryOptions).where(eq(deliveryOptions.id, id)))[0];
  const csrfOf = async (browser: ShopBrowser) => CSRF_FIELD.exec(await (await browser.get(PAGE)).text())?.[1] ?? "";

  it("is a plain 404 to guests and a 403 to staff without the orders permission", async () => {
    expect((await openBrowser(shop).get(PAGE)).status).toBe(404);
    expect((await openBrowser(shop).post(PAGE, SAME_DAY)).status).toBe(404);
    const clerk = newPerson("google", "Clerk");
    const staffCsrf = CSRF_FIELD.exec(await (await owner.get("/admin/staff")).text())?.[1] ?? "";
    await owner.post("/admin/staff", {
      csrf: staffCsrf,
      intent: "add",
      email: clerk.email,
      role: "staff",
      permissions: "promotions",
    });
    const clerkBrowser = await staffSignIn(shop, clerk);
    expect((await clerkBrowser.get(PAGE)).status).toBe(403);
    expect(await optionRow("same-day")).toBeUndefined();
  });

  it("refuses bad input with a message and a 400, changing nothing", async () => {
    const csrf = await csrfOf(owner);
    for (const [form, message] of [
      [{ ...SAME_DAY, price: "abc" }, "Price must be an amount in S$"],
      [{ ...SAME_DAY, minDays: "3", maxDays: "1" }, "must be at least the fewest days"],
      [{ ...SAME_DAY, weekdays: "" }, "Each day it runs must be a weekday"],
      [withoutDays, "Choose at least one day it runs."],
      [{ ...SAME_DAY, cutoff: "25:00" }, "must be a time such as 14:00"],
      [{ ...SAME_DAY, name: "  " }, "is required"],
    ] as const) {
      const bad = await owner.post(PAGE, { csrf, ...form });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain(message);
    }
    expect(await optionRow("same-day")).toBeUndefined();
  });

  it("adds an option, changes express and switches it off and on, each kept as typed", async () => {
    const csrf = await csrfOf(owner);
    expect((await owner.post(PAGE, { csrf, ...SAME_DAY })).status).toBe(200);
    expect(await optionRow("same-day")).toMatchObject({
      priceCents: 1490,
      freeFromCents: null,
      weekdays: [1],
      cutoffMinutes: 660,
    });
    const seen = SEEN_FIELD.exec(await (await owner.get(PAGE)).text())?.[1] ?? "";
    const express = { ...SAME_DAY, intent: "update", id: "express", name: "Express", price: "11.90", freeFrom: "200", seen };
    const changed = await owner.post(PAGE, { csrf, ...express, minDays: "1", maxDays: "2", cutoff: "15:30" });
    expect(changed.status).toBe(200);
    expect(await optionRow("express")).toMatchObject({ priceCents: 1190, freeFromCents: 20000, maxDays: 2, cutoffMinutes: 930 });
    // A second save from the page opened before the first is refused.
    expect((await owner.post(PAGE, { csrf, ...express })).status).toBe(409);
    expect((await owner.post(PAGE, { csrf, intent: "switch", id: "same-day", active: "false" })).status).toBe(200);
    expect(await optionRow("same-day")).toMatchObject({ active: false });
  });

  it("lets a shopper choose express in the bag and keeps it on the order, its page and its invoice page", async () => {
    const shopper = openBrowser(shop);
    expect((await shopper.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" })).status).toBe(303);
    const unknown = await shopper.post("/bag", { intent: "delivery", deliveryOptionId: "same-day" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("That delivery option is not offered");
    expect((await shopper.post("/bag", { intent: "delivery", deliveryOptionId: "express" })).status).toBe(303);
    const bag = await (await shopper.get("/bag")).text();
    expect(bag).toContain("Shipping (Express)");
    expect(bag).toMatch(/data-testid="delivery-promise-express">Order (now|within [^<]+) for delivery (on|between) /);
    const refusedChoice = await shopper.post("/checkout/summary", { intent: "delivery", deliveryOptionId: "nowhere" });
    expect(refusedChoice.status).toBe(400);
    expect(await refusedChoice.text()).toContain("That delivery option is not offered");
    const chosen = await shopper.post("/checkout/summary", { intent: "delivery", deliveryOptionId: "express" });
    expect(chosen.status).toBe(200);
    expect(await chosen.text()).toContain("Express delivery chosen.");
    // A shipping form from a page that showed other delivery terms is refused, and no payment starts.
    const stale = await shopper.post("/checkout/shipping", {
      ...shippingFor("express-buyer@example.com"),
      deliverySeen: "stale",
    });
    expect(stale.status).toBe(409);
    expect((await stale.text()).replaceAll("<!-- -->", "")).toContain(
      "Delivery has changed since you looked. Express delivery costs S$11.90",
    );
    const { invoiceId } = await placeOrderOverHttp(shop, shippingFor("express-buyer@example.com"), shopper);
    // React marks where one text joins another; the reader sees them as one.
    const page = (await (await shopper.get(`/order/${invoiceId}`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("(Express delivery)");
    expect(page).toContain("S$11.90");
  });

  it("quotes standard delivery as the merchant last set it in the service bar, the footer and the help centre, kept pages too", async () => {
    const visitor = openBrowser(shop);
    const words = async (path: string) => (await (await visitor.get(path)).text()).replaceAll("<!-- -->", "");
    // Kept by the page cache before the change.
    expect(await words("/")).toContain("Free delivery in Singapore from S$60.00");
    expect(await words("/shop")).toContain("Delivery in Singapore S$4.90, free from S$60.00 of goods.");
    const csrf = await csrfOf(owner);
    const seen = seenField("standard").exec(await (await owner.get(PAGE)).text())?.[1] ?? "";
    const standard = {
      intent: "update",
      id: "standard",
      name: "Standard",
      price: "5.50",
      freeFrom: "80",
      minDays: "2",
      maxDays: "4",
    };
    const weekdays = ["1", "2", "3", "4", "5"].map((day): [string, string] => ["weekdays", day]);
    const saved = await owner.post(PAGE, [...Object.entries({ csrf, ...standard, cutoff: "", seen }), ...weekdays]);
    expect(saved.status).toBe(200);
    expect(await optionRow("standard")).toMatchObject({ priceCents: 550, freeFromCents: 8000, minDays: 2, maxDays: 4 });
    expect(await words("/")).toContain("Free delivery in Singapore from S$80.00");
    expect(await words("/shop")).toContain("Delivery in Singapore S$5.50, free from S$80.00 of goods.");
    const help = await words("/help/delivery");
    expect(help).toContain("Standard delivery is S$5.50 per order. It is free when your goods come to S$80.00");
    expect(help).toContain("<strong>2 to 4 working days</strong>");
  });
});
