import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionSkus } from "../../db/schema/catalog.ts";
import { refunds } from "../../db/schema/refunds.ts";
import { stockLevels } from "../../db/schema/stock.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { confirmationFields, twoLineOrder } from "../setup/refund-fixtures.ts";
import { openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;
/** The first flavour's single box: the product page shows it first. */
const OPTION = "op-m8_ba-1b";
const PRODUCT_PAGE = "/shop/luna-collagen/m8";

describe("stock over HTTP", () => {
  let shop: TestServer;
  let owner: ShopBrowser;
  let skuId: string;
  beforeAll(async () => {
    shop = await startTestServer();
    owner = await staffSignIn(shop, TEST_OWNER);
    const [line] = await shop.server.database.db.select().from(optionSkus).where(eq(optionSkus.optionId, OPTION));
    skuId = line?.skuId ?? "";
  });
  afterAll(() => shop.close());

  const available = async () => {
    const [row] = await shop.server.database.db.select().from(stockLevels).where(eq(stockLevels.skuId, skuId));
    return (row?.onHand ?? 0) - (row?.held ?? 0);
  };
  async function adjust(fields: Record<string, string>) {
    const csrf = CSRF_FIELD.exec(await (await owner.get("/admin/stock")).text())?.[1] ?? "";
    return owner.post("/admin/stock", { csrf, intent: "adjust", skuId, note: "", ...fields });
  }
  const addForm = (cookie?: string) =>
    fetch(`${shop.baseUrl}/bag`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", optionId: OPTION, quantity: "1" }).toString(),
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.baseUrl, ...(cookie ? { cookie } : {}) },
    });
  const productPage = async () => (await (await fetch(`${shop.baseUrl}${PRODUCT_PAGE}`)).text()).replaceAll("<!-- -->", "");

  it("hides the stock page from guests and lists each SKU for staff", async () => {
    expect((await openBrowser(shop).get("/admin/stock")).status).toBe(404);
    const page = await (await owner.get("/admin/stock")).text();
    expect(page).toContain(skuId);
    expect(page).toContain("Latest movements");
    expect(page).toContain('href="/admin/stock"');
  });

  it("shows an option sold out once staff count none left, refuses to add it with and without scripts, and sells it again once stock arrives", async () => {
    expect(await productPage()).not.toContain("Sold out");
    expect((await addForm()).status).toBe(303);

    const counted = await adjust({ reason: "counted", change: String(-(await available())) });
    expect(counted.status).toBe(200);
    expect(await available()).toBe(0);

    const page = await productPage();
    expect(page).toContain("Sold out");
    expect(page).toContain("https://schema.org/InStock");

    const refused = await addForm();
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(/Luna[^<]*Berries Acai · 1 Box is sold out\./);
    const data = await fetch(`${shop.baseUrl}/bag.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", optionId: OPTION, quantity: "1" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.baseUrl },
    });
    expect(data.status).toBe(409);

    expect((await adjust({ reason: "received", change: "12" })).status).toBe(200);
    expect(await productPage()).not.toContain("Sold out");
    expect((await addForm()).status).toBe(303);
  });

  it("refuses an adjustment or threshold that is not a whole number of boxes or has no valid reason, or one that takes away more than is on the shelf, changing nothing", async () => {
    const before = await available();
    const noReason = await adjust({ reason: "", change: "5" });
    expect(noReason.status).toBe(400);
    // What is not plainly a whole number of boxes is refused, never read as another number.
    for (const change of ["0x10", "1e3", "1.5", "", "+"]) {
      const refused = await adjust({ reason: "received", change });
      expect(refused.status, change).toBe(400);
      expect(await refused.text()).toContain("The change must be a whole number of boxes from -100000 to 100000.");
    }
    expect((await adjust({ reason: "received", change: "+0" })).status).toBe(400);
    const [levelBefore] = await shop.server.database.db.select().from(stockLevels).where(eq(stockLevels.skuId, skuId));
    for (const lowStockThreshold of ["", "0x10", "-1"]) {
      const refused = await adjust({ intent: "threshold", lowStockThreshold });
      expect(refused.status, lowStockThreshold).toBe(400);
      expect(await refused.text()).toContain("The threshold must be a whole number of boxes from 0 to 100000.");
    }
    const [levelAfter] = await shop.server.database.db.select().from(stockLevels).where(eq(stockLevels.skuId, skuId));
    expect(levelAfter?.lowStockThreshold).toBe(levelBefore?.lowStockThreshold);
    const tooMany = await adjust({ reason: "damaged", change: String(-(before + 1)) });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.text()).toContain(`Only ${before} of`);
    expect(await available()).toBe(before);
  });

  it("carries the refund form's restock choice through the confirmation to the refund", async () => {
    const order = await twoLineOrder(shop.server.database.db);
    const path = `/admin/orders/${order.id}`;
    const csrf = CSRF_FIELD.exec(await (await owner.get(path)).text())?.[1] ?? "";
    const asked = await owner.post(path, { csrf, intent: "refund", "line-0": "1", reason: "Returned unopened", restock: "on" });
    const html = await asked.text();
    expect(html).toContain("The boxes it credits go back in stock.");
    const confirmation = confirmationFields(html);
    expect(confirmation).toMatchObject({ restock: "on" });
    expect((await owner.post(path, confirmation)).status).toBe(200);
    const [refund] = await shop.server.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ restock: true, status: "succeeded" });
  });
});
