import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseOptions } from "../../db/schema/catalog.ts";
import { rewards } from "../../db/schema/rewards.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import type { TestIdentity } from "../setup/embedded-sign-in.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn as signInToBackOffice } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;
const OPTION = "op-m8_pb-1b";
const PRODUCT_PAGE = "/shop/luna-collagen/m8";

describe("the back office's catalogue and rewards over HTTP", () => {
  let shop: TestServer;
  let memberBrowser: ShopBrowser;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    memberBrowser = openBrowser(shop);
    await memberBrowser.signIn(newPerson("google", "Ong Bee Hoon"));
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const optionActive = async () =>
    (await db().select().from(purchaseOptions).where(eq(purchaseOptions.optionId, OPTION)))[0]?.active;
  const pouchCost = async () => (await db().select().from(rewards).where(eq(rewards.id, "pouch")))[0]?.pointsCost;

  const staffSignIn = (person: TestIdentity) => signInToBackOffice(shop, person);
  const csrfOf = async (browser: ShopBrowser, path: string) => CSRF_FIELD.exec(await (await browser.get(path)).text())?.[1] ?? "";
  const switchOff = { intent: "option", optionId: OPTION, on: "false" };
  const pouch = { intent: "update", id: "pouch", name: "Nectar pouch", description: "A pouch.", position: "1", active: "on" };

  it("answers 404 to guests and members, pages and posts alike", async () => {
    for (const browser of [openBrowser(shop), memberBrowser]) {
      for (const path of ["/admin/catalogue", "/admin/rewards"]) expect((await browser.get(path)).status).toBe(404);
      expect((await browser.post("/admin/catalogue", switchOff)).status).toBe(404);
      expect((await browser.post("/admin/rewards", { ...pouch, pointsCost: "1" })).status).toBe(404);
    }
    expect(await optionActive()).toBe(true);
    expect(await pouchCost()).toBe(150);
  });

  it("refuses staff without the catalog permission and forms without the CSRF token", async () => {
    const owner = await staffSignIn(TEST_OWNER);
    for (const path of ["/admin/catalogue", "/admin/rewards"]) {
      expect((await owner.post(path, switchOff)).status).toBe(403);
      expect((await owner.post(path, { ...switchOff, csrf: "forged" })).status).toBe(403);
    }
    const writer = newPerson("google", "Writer");
    await owner.post("/admin/staff", {
      csrf: await csrfOf(owner, "/admin/staff"),
      intent: "add",
      email: writer.email,
      role: "staff",
      permissions: "promotions",
    });
    const writerBrowser = await staffSignIn(writer);
    expect((await writerBrowser.get("/admin/catalogue")).status).toBe(403);
    expect((await writerBrowser.get("/admin/rewards")).status).toBe(403);
    const home = await (await writerBrowser.get("/admin")).text();
    expect(home).not.toContain('href="/admin/catalogue"');
    expect(home).not.toContain('href="/admin/rewards"');
    const csrf = await csrfOf(writerBrowser, "/admin/promotions");
    expect((await writerBrowser.post("/admin/catalogue", { csrf, ...switchOff })).status).toBe(403);
    expect((await writerBrowser.post("/admin/rewards", { csrf, ...pouch, pointsCost: "1" })).status).toBe(403);
    expect(await optionActive()).toBe(true);
    expect(await pouchCost()).toBe(150);
  });

  it("switches an option off: the cached product page no longer offers it", async () => {
    expect(await (await openBrowser(shop).get(PRODUCT_PAGE)).text()).toContain(OPTION);
    const owner = await staffSignIn(TEST_OWNER);
    const page = await owner.get("/admin/catalogue");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain('Switch off<span class="sr-only"> Luna Collagen Nectar, 8-serving box</span>');
    // The sampler pouches' products are off, yet their pouches sell through promotions: staff are told.
    expect(html).toContain("Its pouches still sell through promotions");
    const csrf = CSRF_FIELD.exec(html)?.[1] ?? "";
    const done = await owner.post("/admin/catalogue", { csrf, ...switchOff });
    expect(done.status).toBe(200);
    expect(await optionActive()).toBe(false);
    expect(await (await openBrowser(shop).get(PRODUCT_PAGE)).text()).not.toContain(OPTION);

    for (const [form, status] of [
      [{ ...switchOff, on: "maybe" }, 400],
      [{ ...switchOff, optionId: "op-no-such" }, 404],
      [{ intent: "product", productId: "bad id!", on: "false" }, 400],
      [{ intent: "unknown" }, 400],
    ] as const) {
      expect((await owner.post("/admin/catalogue", { csrf, ...form })).status).toBe(status);
    }
    expect((await owner.post("/admin/catalogue", { csrf, ...switchOff, on: "true" })).status).toBe(200);
    expect(await (await openBrowser(shop).get(PRODUCT_PAGE)).text()).toContain(OPTION);
  });

  it("changes a reward's cost, refusing bad input field by field", async () => {
    const owner = await staffSignIn(TEST_OWNER);
    const csrf = await csrfOf(owner, "/admin/rewards");
    const bad = await owner.post("/admin/rewards", { csrf, ...pouch, pointsCost: "0", name: "" });
    expect(bad.status).toBe(400);
    const message = await bad.text();
    expect(message).toContain("The name is required.");
    expect(message).toContain("The points cost must be at least 1.");
    const badNew = await owner.post("/admin/rewards", {
      csrf,
      intent: "create",
      id: "Not A Slug",
      optionKind: "crate",
      name: "Crate",
      description: "A crate.",
      pointsCost: "5",
      position: "1",
    });
    expect(badNew.status).toBe(400);
    expect(await badNew.text()).toContain("Taken as must be one of");
    expect(await pouchCost()).toBe(150);

    const page = await (await owner.get("/admin/rewards")).text();
    const seen = /name="id" value="pouch"\/>\s*<input[^>]*name="seen" value="([^"]+)"/.exec(page)?.[1] ?? "";
    expect(seen).not.toBe("");
    const asked = await owner.post("/admin/rewards", { csrf, ...pouch, pointsCost: "175", seen });
    expect(asked.status).toBe(200);
    const confirmation = await asked.text();
    expect(confirmation).toContain("Confirm the change to Nectar pouch");
    expect(confirmation).toContain("The programme&#x27;s liability");
    expect(confirmation).toContain(`name="seen" value="${seen}"`);
    expect(await pouchCost()).toBe(150);
    const confirmed = { csrf, ...pouch, pointsCost: "175", seen, confirmed: "1" };
    expect((await owner.post("/admin/rewards", confirmed)).status).toBe(200);
    expect(await pouchCost()).toBe(175);
    // The same page confirmed again, in another tab, after that save: refused, and the cost stays.
    const stale = await owner.post("/admin/rewards", { ...confirmed, pointsCost: "180" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Someone else saved this reward after you opened this page");
    expect(await pouchCost()).toBe(175);
    expect(await (await memberBrowser.get("/member/redeem/pouch")).text()).toContain("175 points");
  });
});
