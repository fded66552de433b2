import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { SHIPMENT_CSV_MAX_BYTES } from "../../domain/shipping/shipment-csv.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { fetchWithJar } from "../setup/embedded-sign-in.ts";
import { placeOrderOverHttp, shippingFor } from "../setup/http-checkout.ts";
import { shownText } from "../setup/pdf-text.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;
const slipsPath = (...ids: string[]) => `/admin/shipping/packing-slips.pdf?${ids.map((id) => `order=${id}`).join("&")}`;

describe("the shipping desk over HTTP", () => {
  let shop: TestServer;
  let owner: ShopBrowser;
  let csrf = "";
  let shopper: ShopBrowser;
  const placed: { id: string; invoiceId: string }[] = [];
  beforeAll(async () => {
    shop = await startTestServer();
    shopper = openBrowser(shop);
    for (const [index, postalCode] of ["238801", "049315"].entries()) {
      const { invoiceId } = await placeOrderOverHttp(
        shop,
        { ...shippingFor(`desk-${index}@example.com`), postalCode },
        index ? undefined : shopper,
      );
      const [order] = await shop.server.database.db.select().from(orders).where(eq(orders.invoiceId, invoiceId));
      placed.push({ id: order?.id ?? "", invoiceId });
    }
    owner = await staffSignIn(shop, TEST_OWNER);
    csrf = CSRF_FIELD.exec(await (await owner.get("/admin/shipping")).text())?.[1] ?? "";
  });
  afterAll(() => shop.close());

  const upload = (csv: string | null, path = "/admin/shipping") => {
    const form = new FormData();
    form.set("csrf", csrf);
    form.set("intent", "upload");
    if (csv !== null) form.set("file", new File([csv], "shipments.csv", { type: "text/csv" }));
    return fetchWithJar(owner.jar, new URL(path, shop.baseUrl), {
      method: "POST",
      body: form,
      headers: { origin: shop.baseUrl },
    });
  };

  it("lists paid orders waiting to ship, oldest first, and refuses bad filters plainly", async () => {
    const html = await (await owner.get("/admin/shipping")).text();
    const [first, second] = placed.map((order) => html.indexOf(`value="${order.invoiceId}"`));
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first ?? 0);
    expect(await (await owner.get("/admin/shipping?area=04")).text()).not.toContain(`value="${placed[0]?.invoiceId}"`);
    const bad = await owner.get("/admin/shipping?reward=maybe&area=x");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("must be 1 to 6 digits of a postal code");
  });

  it("serves packing slips as a PDF, one page an order, with address, items and quantities but no prices", async () => {
    const response = await owner.get(slipsPath(...placed.map((order) => order.id)));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('inline; filename="packing-slips-2-orders.pdf"');
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
    const text = shownText(pdf);
    for (const line of [
      "Packing Slip",
      placed[0]?.invoiceId,
      placed[1]?.invoiceId,
      "Tan Mei Ling",
      "1 Orchard Road, #01-01",
      "Singapore 049315",
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/Luna Collagen Nectar/);
    expect(text).not.toContain("S$");
    const one = await owner.get(slipsPath(placed[0]?.id ?? ""));
    expect(one.headers.get("content-disposition")).toContain(`packing-slip-${placed[0]?.invoiceId}.pdf`);
    expect((await PDFDocument.load(new Uint8Array(await one.arrayBuffer()))).getPageCount()).toBe(1);
    expect((await owner.get("/admin/shipping/packing-slips.pdf")).status).toBe(400);
    expect((await owner.get(slipsPath("not an id!"))).status).toBe(400);
    expect((await owner.get(slipsPath("no-such-order"))).status).toBe(404);
  });

  it("keeps staff notes and tags from the shopper", async () => {
    const orderPath = `/admin/orders/${placed[0]?.id}`;
    expect((await owner.post(orderPath, { csrf, intent: "note", note: "Leave with the concierge" })).status).toBe(200);
    expect((await owner.post(orderPath, { csrf, intent: "tag", tag: "Concierge" })).status).toBe(200);
    expect((await owner.post(orderPath, { csrf, intent: "tag", tag: "<b>" })).status).toBe(400);
    const staffPage = await (await owner.get(orderPath)).text();
    expect(staffPage).toContain("Leave with the concierge");
    expect(staffPage).toContain(`href="${slipsPath(placed[0]?.id ?? "")}"`);
    expect(await (await owner.get("/admin/shipping?tag=concierge")).text()).toContain("Leave with the concierge");
    for (const path of [`/order-details/${placed[0]?.invoiceId}`, `/order/${placed[0]?.invoiceId}`]) {
      const page = await shopper.get(path);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).not.toContain("concierge");
      expect(html).not.toContain("Concierge");
    }
  });

  it("ships from an uploaded CSV, row by row, and refuses a file it cannot read with a clear message", async () => {
    const csv = `order,carrier,tracking\n${placed[0]?.invoiceId},Ninja Van,NV-HTTP-1\n${placed[1]?.invoiceId},SingPost,bad tracking!\nZZZ,dhl,DHL-123\n`;
    const shipped = await upload(csv);
    expect(shipped.status).toBe(200);
    const html = await shipped.text();
    expect(html).toContain("Shipped 1 of 3; 2 could not be shipped");
    expect(html).toContain("Tracking number must be 4 to 40 letters, digits or dashes.");
    expect(html).toContain("There is no order ZZZ.");
    expect(html).toContain(`href="${slipsPath(placed[0]?.id ?? "").replaceAll("&", "&amp;")}"`);
    const again = await (await upload(csv)).text();
    expect(again).toContain("This order is shipped, so it cannot be marked shipped.");
    for (const [body, message] of [
      [null, "Choose a CSV file of shipments to upload."],
      ['order,carrier,tracking\nY1,dhl,"open', "Line 2: a quoted field is never closed."],
      ["\u0000\u0001", "This cannot be an order number"],
    ] as const) {
      const refused = await upload(body);
      expect(refused.status, message).toBeLessThan(500);
      expect(await refused.text()).toContain(message);
    }
    const none = await owner.post("/admin/shipping", { csrf, intent: "ship", carrier: "dhl" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose at least one order to ship.");
  });

  it("ships the rows beside one with an over-long order or tracking number, and says what is wrong with it", async () => {
    const { invoiceId } = await placeOrderOverHttp(shop, shippingFor("desk-beside@example.com"));
    const csv = [
      "order,carrier,tracking",
      `${"9".repeat(300)},Ninja Van,NV-LONG-1`,
      `${placed[1]?.invoiceId},Ninja Van,${"T".repeat(300)}`,
      `${invoiceId},Ninja Van,NV-BESIDE-1`,
    ].join("\n");
    const shipped = await upload(csv);
    expect(shipped.status).toBe(200);
    const html = await shipped.text();
    expect(html).toContain("Shipped 1 of 3; 2 could not be shipped");
    expect(html).toContain("This cannot be an order number: those are at most 40 letters, digits, dashes or underscores.");
    expect(html).toContain("Tracking number must be 4 to 40 letters, digits or dashes.");
    const [order] = await shop.server.database.db.select().from(orders).where(eq(orders.invoiceId, invoiceId));
    expect(order?.trackingNumber).toBe("NV-BESIDE-1");
  });

  it("answers a file over the desk's limit with the desk and its message, whether the page or its script posts it", async () => {
    const csv = `order,carrier,tracking\n${"Y1,dhl,DHL-1234\n".repeat(20_000)}`;
    expect(csv.length).toBeGreaterThan(SHIPMENT_CSV_MAX_BYTES + 64 * 1024);
    const message = "The file is larger than 200 kB; split it in two.";
    const page = await upload(csv);
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toMatch(/<h1[^>]*>Shipping desk<\/h1>/);
    expect(html).toContain(message);
    const script = await upload(csv, "/admin/shipping.data");
    expect(script.status).toBe(400);
    expect(await script.text()).toContain(message);
  });

  it("refuses staff without the orders permission, and hides the desk from their navigation", async () => {
    const ownerCsrf = CSRF_FIELD.exec(await (await owner.get("/admin/staff")).text())?.[1] ?? "";
    const writer = newPerson("google", "Packer Without Orders");
    await owner.post("/admin/staff", {
      csrf: ownerCsrf,
      intent: "add",
      email: writer.email,
      role: "staff",
      permissions: "points",
    });
    const staff = await staffSignIn(shop, writer);
    expect((await staff.get("/admin/shipping")).status).toBe(403);
    expect((await staff.get(slipsPath(placed[1]?.id ?? ""))).status).toBe(403);
    const staffCsrf = CSRF_FIELD.exec(await (await staff.get("/admin")).text())?.[1] ?? "";
    const post = await staff.post("/admin/shipping", {
      csrf: staffCsrf,
      intent: "ship",
      carrier: "dhl",
      order: placed[1]?.invoiceId ?? "",
    });
    expect(post.status).toBe(403);
    expect(await (await staff.get("/admin")).text()).not.toContain('href="/admin/shipping"');
    const [order] = await shop.server.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, placed[1]?.id ?? ""));
    expect(order?.status).toBe("paid");
  });

  it("reads a carrier's full 500-row export, over 64 kB, posted by the page's script to the desk's .data address", async () => {
    const address = "Blk 123 Ang Mo Kio Avenue 6, #12-345, Singapore 560123";
    const rows = Array.from(
      { length: 499 },
      (_, row) => `NOSUCH${row},Ninja Van,NV-${row}-0001,Tan Mei Ling,+65 9123 4567,"${address}",0.5 kg,Leave with the guard`,
    );
    const csv = [
      "Order Number,Courier,Tracking No,Recipient,Phone,Address,Weight,Remarks",
      `${placed[1]?.invoiceId},Ninja Van,NV-FULL-0001,Tan Mei Ling,+65 9123 4567,"${address}",0.5 kg,`,
      ...rows,
    ].join("\n");
    expect(csv.length).toBeGreaterThan(64 * 1024);
    const shipped = await upload(csv, "/admin/shipping.data");
    expect(shipped.status).toBe(200);
    expect(await shipped.text()).toContain("Shipped 1 of 500; 499 could not be shipped");
    const [order] = await shop.server.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, placed[1]?.id ?? ""));
    expect(order?.trackingNumber).toBe("NV-FULL-0001");
  });
});
