import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionSkus } from "../../db/schema/catalog.ts";
import { stockLevels } from "../../db/schema/stock.ts";
import { shippingFor } from "../setup/http-checkout.ts";
import { openBrowser, type ShopBrowser } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const OPTION = "op-m8_ba-1b";
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const lineNote = (html: string) => /data-testid="line-stock"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;

describe("the checkout summary flags a line short of stock before the delivery form, over HTTP", () => {
  let shop: TestServer;
  let skuId = "";
  beforeAll(async () => {
    shop = await startTestServer();
    const [line] = await shop.server.database.db.select().from(optionSkus).where(eq(optionSkus.optionId, OPTION));
    skuId = line?.skuId ?? "";
  });
  afterAll(() => shop?.close());

  /** Leaves `count` boxes to sell, whatever is held. */
  async function leave(count: number) {
    const [row] = await shop.server.database.db.select().from(stockLevels).where(eq(stockLevels.skuId, skuId));
    await shop.server.database.db
      .update(stockLevels)
      .set({ onHand: (row?.held ?? 0) + count })
      .where(eq(stockLevels.skuId, skuId));
  }
  async function bagOfThree(): Promise<ShopBrowser> {
    const shopper = openBrowser(shop);
    expect((await shopper.post("/bag", { intent: "add", optionId: OPTION, quantity: "3" })).status).toBe(303);
    return shopper;
  }

  it("names a line with fewer left than the bag asks, keeps the shopper on the summary, and lets them on once it changes", async () => {
    const shopper = await bagOfThree();
    await leave(2);
    const summary = await text(await shopper.get("/checkout/summary"));
    expect(lineNote(summary)).toMatch(/^Only 2 of Luna[^<]* left\. Please lower the quantity in your bag\.$/);
    expect(summary).toContain("There is not enough stock for one item in your bag: change it as its line says, then continue.");
    expect(summary).not.toContain('href="/checkout/shipping"');
    // The form is not reached around the summary either.
    const shipping = await shopper.get("/checkout/shipping");
    expect(shipping.status).toBe(302);
    expect(shipping.headers.get("location")).toBe("/checkout/summary");

    await leave(0);
    expect(lineNote(await text(await shopper.get("/checkout/summary")))).toMatch(
      /^Luna[^<]* is sold out\. Please remove it from your bag\.$/,
    );

    await leave(3);
    const ready = await text(await shopper.get("/checkout/summary"));
    expect(lineNote(ready)).toBeNull();
    expect(ready).toContain('href="/checkout/shipping"');
    expect((await shopper.get("/checkout/shipping")).status).toBe(200);
  });

  it("counts what the bag's own open checkout holds as the bag's: back from the payment page, nothing is flagged", async () => {
    await leave(3);
    const shopper = await bagOfThree();
    expect((await shopper.post("/checkout/shipping", { ...shippingFor("held@example.com") })).status).toBe(303);
    const summary = await text(await shopper.get("/checkout/summary"));
    expect(lineNote(summary)).toBeNull();
    expect(summary).toContain('href="/checkout/shipping"');
    // Another shopper wanting the same boxes is told they are taken.
    const other = await openBrowser(shop).post("/bag", { intent: "add", optionId: OPTION, quantity: "3" });
    expect(other.status).toBe(409);
  });
});
