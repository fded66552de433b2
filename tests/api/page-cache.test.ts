import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseOptions } from "../../db/schema/catalog.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("the anonymous page cache", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${shop.baseUrl}${path}`, { headers });

  it("serves a repeated anonymous product page from memory", async () => {
    expect((await get("/shop/joffee/j4")).headers.get("x-page-cache")).toBe("miss");
    const again = await get("/shop/joffee/j4");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toContain("S$12.90");
  });

  it("shows a changed price on the very next request", async () => {
    await get("/shop/joffee/j4");
    await shop.server.database.db
      .update(purchaseOptions)
      .set({ optionPriceCents: 1190 })
      .where(eq(purchaseOptions.optionId, "op-j4_bb-1b"));
    const response = await get("/shop/joffee/j4");
    expect(response.headers.get("x-page-cache")).toBe("miss");
    const html = await response.text();
    expect(html).toContain("S$11.90");
    expect(html).not.toContain("S$12.90</span>");
  });

  it("never caches for a visitor with a cookie, so no bag reaches another visitor", async () => {
    const added = await fetch(`${shop.baseUrl}/bag`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=add&optionId=op-m8_ba-1b&quantity=3",
    });
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const withBag = await get("/shop/luna-collagen/m8", { cookie });
    expect(withBag.headers.get("x-page-cache")).toBeNull();
    expect(await withBag.text()).toContain("Bag, 3 items");
    const anonymous = await (await get("/shop/luna-collagen/m8")).text();
    expect(anonymous).toContain("Bag, 0 items");
  });

  it("leaves the bag, error pages and other paths alone", async () => {
    expect((await get("/bag")).headers.get("x-page-cache")).toBeNull();
    await get("/shop/luna-collagen/NOPE");
    const notFound = await get("/shop/luna-collagen/NOPE");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("x-page-cache")).toBeNull();
  });
});
