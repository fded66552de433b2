import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;
const PAGE = "/admin/promotions";
const NEW_CODE = { intent: "create", code: "HTTP-TEN", kind: "percent", value: "10", perCustomerLimit: "1" };

describe("the back office's promotion codes over HTTP", () => {
  let shop: TestServer;
  let owner: ShopBrowser;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    owner = await staffSignIn(shop, TEST_OWNER);
  });
  afterAll(() => shop.close());

  const codeRow = async (code: string) =>
    (await shop.server.database.db.select().from(promotionCodes).where(eq(promotionCodes.code, code)))[0];
  const csrfOf = async (browser: ShopBrowser, path = PAGE) => CSRF_FIELD.exec(await (await browser.get(path)).text())?.[1] ?? "";

  it("is a plain 404 to guests and members, and a 403 to staff without the promotions permission", async () => {
    const member = openBrowser(shop);
    await member.signIn(newPerson());
    for (const browser of [openBrowser(shop), member]) {
      expect((await browser.get(PAGE)).status).toBe(404);
      expect((await browser.post(PAGE, NEW_CODE)).status).toBe(404);
    }
    const clerk = newPerson("google", "Clerk");
    await owner.post("/admin/staff", {
      csrf: await csrfOf(owner, "/admin/staff"),
      intent: "add",
      email: clerk.email,
      role: "staff",
      permissions: "orders",
    });
    const clerkBrowser = await staffSignIn(shop, clerk);
    expect((await clerkBrowser.get(PAGE)).status).toBe(403);
    const refused = await clerkBrowser.post(PAGE, { csrf: await csrfOf(clerkBrowser, "/admin/orders"), ...NEW_CODE });
    expect(refused.status).toBe(403);
    expect(await codeRow("HTTP-TEN")).toBeUndefined();
  });

  it("refuses a form without its CSRF token and bad input, changing nothing", async () => {
    expect((await owner.post(PAGE, NEW_CODE)).status).toBe(403);
    const csrf = await csrfOf(owner);
    for (const [form, message] of [
      [{ ...NEW_CODE, value: "150" }, "a percentage must be at most 100"],
      [{ ...NEW_CODE, perCustomerLimit: "0" }, "must be at least 1"],
      [{ ...NEW_CODE, excludedProductIds: "no-such-product" }, "there is no product no-such-product"],
      [{ ...NEW_CODE, code: "x" }, "must be 3-40 letters, digits or dashes"],
    ] as const) {
      const bad = await owner.post(PAGE, { csrf, ...form });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain(message);
    }
    expect(await codeRow("HTTP-TEN")).toBeUndefined();
  });

  it("creates a code with its limits and left-out products, and changes them", async () => {
    const csrf = await csrfOf(owner);
    const created = await owner.post(PAGE, { csrf, ...NEW_CODE, excludedProductIds: "m8" });
    expect(created.status).toBe(200);
    expect(await codeRow("HTTP-TEN")).toMatchObject({ perCustomerLimit: 1, excludedProductIds: ["m8"], active: true });
    const page = await (await owner.get(PAGE)).text();
    expect(page).toContain("at most 1 per customer");
    const changed = await owner.post(PAGE, { csrf, intent: "update", code: "HTTP-TEN", perCustomerLimit: "" });
    expect(changed.status).toBe(200);
    expect(await codeRow("HTTP-TEN")).toMatchObject({ perCustomerLimit: null, excludedProductIds: [], active: false });
  });
});
