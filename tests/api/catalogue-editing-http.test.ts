import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseOptions, skus } from "../../db/schema/catalog.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;
const OPTION = "op-j4_bb-1b";
const PRODUCT_PAGE = "/shop/joffee/j4";
const EDIT_PAGE = "/admin/catalogue/products/j4";
const PAGES = [EDIT_PAGE, "/admin/catalogue/products/new", "/admin/catalogue/flavours"];

/** The option form as the edit page sends it, at `price` dollars. */
const optionForm = (price: string) => ({
  intent: "option-update",
  optionId: OPTION,
  optionName: "1 Box",
  optionPriceCents: price,
  flavourName: "Blueberry",
  active: "on",
  lineSku: "jbb4",
  lineQty: "1",
});
const newFlavour = { skuId: "jmc4", seriesCode: "j", flavourName: "Mocha", format: "Nectar", retailPriceCents: "12.90" };

describe("editing the catalogue over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const priceNow = async () =>
    (await db().select().from(purchaseOptions).where(eq(purchaseOptions.optionId, OPTION)))[0]?.optionPriceCents;
  const mochaRows = async () => db().select().from(skus).where(eq(skus.skuId, "jmc4"));
  const csrfOf = async (browser: ShopBrowser, path: string) => CSRF_FIELD.exec(await (await browser.get(path)).text())?.[1] ?? "";
  const graphqlPrice = async () => {
    const response = await fetch(`${shop.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ purchaseOption(optionId: "${OPTION}") { optionPrice } }` }),
    });
    return ((await response.json()) as { data?: { purchaseOption?: { optionPrice: number } } }).data?.purchaseOption?.optionPrice;
  };

  it("answers 404 to guests and members and 403 to staff without the catalog permission", async () => {
    const member = openBrowser(shop);
    await member.signIn(newPerson("google", "Ong Bee Hoon"));
    for (const browser of [openBrowser(shop), member]) {
      for (const path of PAGES) expect((await browser.get(path)).status).toBe(404);
      expect((await browser.post(EDIT_PAGE, optionForm("1.00"))).status).toBe(404);
    }
    const owner = await staffSignIn(shop, TEST_OWNER);
    const writer = newPerson("google", "Writer");
    await owner.post("/admin/staff", {
      csrf: await csrfOf(owner, "/admin/staff"),
      intent: "add",
      email: writer.email,
      role: "staff",
      permissions: "promotions",
    });
    const writerBrowser = await staffSignIn(shop, writer);
    for (const path of PAGES) expect((await writerBrowser.get(path)).status).toBe(403);
    const csrf = await csrfOf(writerBrowser, "/admin/promotions");
    expect((await writerBrowser.post(EDIT_PAGE, { csrf, ...optionForm("1.00") })).status).toBe(403);
    expect((await writerBrowser.post("/admin/catalogue/flavours", { csrf, intent: "create", ...newFlavour })).status).toBe(403);
    expect(await priceNow()).toBe(1290);
    expect(await mochaRows()).toEqual([]);
  });

  it("shows a changed price on the next product page and GraphQL reply, and refuses bad input with 4xx", async () => {
    const shopper = openBrowser(shop);
    expect(await (await shopper.get(PRODUCT_PAGE)).text()).toContain("S$12.90");
    expect(await graphqlPrice()).toBe(12.9);
    const owner = await staffSignIn(shop, TEST_OWNER);
    const page = await owner.get(EDIT_PAGE);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const pageHtml = await page.text();
    const csrf = CSRF_FIELD.exec(pageHtml)?.[1] ?? "";
    const seen = new RegExp(`name="optionId" value="${OPTION}"/>\\s*<input[^>]*name="seen" value="([^"]+)"`).exec(pageHtml)?.[1];
    expect(seen).toBeTruthy();

    expect((await owner.post(EDIT_PAGE, { csrf, ...optionForm("14.50"), seen: seen ?? "" })).status).toBe(200);
    expect(await priceNow()).toBe(1450);
    // A second tab opened before that save: its save is refused, and the price saved stays.
    const stale = await owner.post(EDIT_PAGE, { csrf, ...optionForm("13.50"), seen: seen ?? "" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Someone else saved this option after you opened this page");
    expect(await priceNow()).toBe(1450);
    const after = await (await shopper.get(PRODUCT_PAGE)).text();
    expect(after).toContain("S$14.50");
    expect(after).not.toContain("S$12.90");
    expect(await graphqlPrice()).toBe(14.5);

    for (const [form, status, message] of [
      [optionForm("0"), 400, "Price must be an amount in S$ above 0."],
      [optionForm("-3"), 400, "Price must be an amount in S$ above 0."],
      [{ ...optionForm("14.50"), lineSku: "" }, 400, "Add at least one SKU line."],
      [{ ...optionForm("14.50"), lineQty: "0" }, 400, "Each SKU line needs a quantity from 1 to 999."],
      [{ ...optionForm("14.50"), optionId: "op-nosuch-1b" }, 404, "There is no such purchase option."],
    ] as const) {
      const response = await owner.post(EDIT_PAGE, { csrf, ...form });
      expect(response.status).toBe(status);
      expect(await response.text()).toContain(message);
    }
    expect(await priceNow()).toBe(1450);

    const flavours = "/admin/catalogue/flavours";
    expect((await owner.post(flavours, { csrf, intent: "create", ...newFlavour })).status).toBe(200);
    const again = await owner.post(flavours, { csrf, intent: "create", ...newFlavour, flavourName: "Mocha Two" });
    expect(again.status).toBe(409);
    const againHtml = await again.text();
    expect(againHtml).toContain("There is already a SKU with the id jmc4.");
    // Posted without scripts, the new flavour comes back as typed, ready to correct the id.
    expect(againHtml).toMatch(/id="new-sku-id"[^>]*value="jmc4"/);
    expect(againHtml).toMatch(/id="new-flavour"[^>]*value="Mocha Two"/);
    expect(againHtml).toMatch(new RegExp(`id="new-price"[^>]*value="${newFlavour.retailPriceCents}"`));
    expect((await mochaRows()).map((row) => row.flavourName)).toEqual(["Mocha"]);
    expect((await owner.get("/admin/catalogue/products/nosuch")).status).toBe(404);

    // A new product refused, as a form posted without scripts: the page comes back with what was typed.
    const typed = { productId: "j4", name: "Joffee Two", seriesCode: "j", kind: "box", summary: "A second Joffee" };
    const refused = await owner.post("/admin/catalogue/products/new", {
      csrf,
      ...typed,
      description: "Four sachets of a coffee jelly",
      active: "on",
    });
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("There is already a product with the id j4.");
    expect(html).toMatch(/id="product-id"[^>]*value="j4"/);
    expect(html).toMatch(/id="product-name"[^>]*value="Joffee Two"/);
    expect(html).toMatch(/<textarea[^>]*id="product-description"[^>]*>Four sachets of a coffee jelly<\/textarea>/);
    expect(html).toMatch(/id="product-active"[^>]*checked/);

    // Made, it leads on to its first option and says it was made.
    const made = await owner.post("/admin/catalogue/products/new", {
      csrf,
      ...typed,
      productId: "joffee2",
      description: "Four sachets of a coffee jelly",
    });
    const next = made.headers.get("location") ?? "";
    expect(next).toBe("/admin/catalogue/products/joffee2?created=1#new-option-heading");
    expect(await (await owner.get(next.replace(/#.*/, ""))).text()).toContain(
      "Joffee Two is created. Add a purchase option here to sell it.",
    );
  });
});
