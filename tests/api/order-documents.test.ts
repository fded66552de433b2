import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { emailText, sentEmailFiles } from "../setup/email-text.ts";
import { shippingFor } from "../setup/http-checkout.ts";
import { shownText } from "../setup/pdf-text.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { eventually } from "../setup/test-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

/** What a page says, without its markup. */
function pageText(html: string): string {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<!-- -->/g, "");
  return body
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe("an order's documents add up: lines at their price, then the named discount, shipping and total", () => {
  let shop: TestServer;
  let browser: ShopBrowser;
  let invoiceId = "";
  let completion = "";

  beforeAll(async () => {
    shop = await startTestServer({
      SUPPLIER_NAME: "Nectar Lab Pte. Ltd.",
      SUPPLIER_ADDRESS: "1 Raffles Place, #20-01, Singapore 048616",
      GST_REGISTRATION_NUMBER: "M90312345A",
    });
    // Two S$39.00 boxes at the two-box price with WELCOME10: S$78.00 − S$9.10 − S$6.89, free shipping, S$62.01.
    browser = openBrowser(shop);
    expect((await browser.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "2" })).status).toBe(303);
    expect((await browser.post("/checkout/summary", { code: "welcome10" })).status).toBe(200);
    const started = await browser.post("/checkout/shipping", { ...shippingFor("documents@example.com") });
    const paid = await browser.post(started.headers.get("location") ?? "", { cardNumber: "4242424242424242" });
    expect(paid.status).toBe(303);
    completion = pageText(await (await browser.get(new URL(paid.headers.get("location") ?? "").pathname)).text());
    invoiceId = /Your order ([0-9A-Z]{8}) is paid/.exec(completion)?.[1] ?? "";
    expect(invoiceId).toMatch(/^[0-9A-Z]{8}$/);
  });
  afterAll(() => shop.close());

  const expectMoney = (text: string, totalLabel: string) => {
    // As the bag writes a line: how many of the option, after the product; "1 Box" is what one of them is.
    expect(text).toContain("Luna Collagen Nectar, 8-serving box × 2 Berries Acai · 1 Box");
    expect(text).not.toContain("2 × ");
    expect(text).toMatch(/S\$78\.00 S\$39\.00 each/);
    expect(text).toContain("Subtotal S$78.00");
    expect(text).toContain("Luna Collagen Nectar, 8-serving box: 2 boxes together -S$9.10 Discount (WELCOME10) -S$6.89");
    expect(text).toContain("Shipping Free");
    expect(text).toContain(`${totalLabel} S$62.01`);
    // The discounted amount is the total only, never a line's amount.
    expect(count(text, "S$62.01")).toBe(1);
  };

  it("on the completion page, with the delivery estimate as people write dates", () => {
    expectMoney(completion, "Total paid");
    expect(completion).toMatch(/Estimated delivery: (Mon|Tue|Wed|Thu|Fri), \d{1,2} [A-Z][a-z]{2} 20\d\d to /);
  });

  it("on the invoice and order details pages", async () => {
    const invoice = pageText(await (await browser.get(`/order/${invoiceId}`)).text());
    expectMoney(invoice, "Total");
    expect(invoice).toMatch(/Paid (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} 20\d\d/);
    expectMoney(pageText(await (await browser.get(`/order-details/${invoiceId}`)).text()), "Total");
  });

  it("in the confirmation email", async () => {
    const outbox = path.join(shop.dataDir, "outbox");
    const files = await eventually(
      async () => sentEmailFiles(outbox),
      (names) => names.length > 0,
    );
    const text = emailText(readFileSync(path.join(outbox, files[0] ?? ""), "utf8"));
    expect(text).toMatch(/^Luna Collagen Nectar, 8-serving box × 2 · .+ · 1 Box at S\$39\.00 each — S\$78\.00$/m);
    expect(text).not.toContain("2 × ");
    expect(text).toContain(
      "Subtotal: S$78.00\nLuna Collagen Nectar, 8-serving box: 2 boxes together: -S$9.10\nDiscount (WELCOME10): -S$6.89\nShipping: Free\nTotal paid: S$62.01",
    );
    expect(count(text, "S$62.01")).toBe(1);
    expect(text).toMatch(/paid on (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} 20\d\d\./);
  });

  it("in the invoice PDF, a tax invoice with the supplier's GST number and the GST in the total", async () => {
    const response = await browser.get(`/order/${invoiceId}/invoice.pdf`);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const shown = shownText(new Uint8Array(await response.arrayBuffer())).split("\n");
    expect(shown).toEqual(
      expect.arrayContaining([
        "Tax Invoice",
        "Nectar Lab Pte. Ltd.",
        "GST Reg. No. M90312345A",
        invoiceId,
        "S$39.00",
        "S$78.00",
        "Luna Collagen Nectar, 8-serving box: 2 boxes together",
        "-S$9.10",
        "Discount (WELCOME10)",
        "-S$6.89",
        "S$62.01",
        "Total includes GST 9% of S$5.12",
      ]),
    );
  });

  it("in the back office: the order's page links its tax invoice, which staff looking after orders download and no one else", async () => {
    const [order] = await shop.server.database.db.select().from(orders).where(eq(orders.invoiceId, invoiceId));
    const orderPath = `/admin/orders/${order?.id}`;
    const owner = await staffSignIn(shop, TEST_OWNER);
    const page = await (await owner.get(orderPath)).text();
    expect(page).toContain(
      `<a href="${orderPath}/invoice.pdf" class="font-semibold text-brand-700 underline">Tax Invoice<!-- --> (PDF)</a>`,
    );

    const staffCsrf = /<input type="hidden" name="csrf" value="([^"]*)"/.exec(
      await (await owner.get("/admin/staff")).text(),
    )?.[1];
    const withPermission = async (name: string, permissions: string) => {
      const person = newPerson("google", name);
      await owner.post("/admin/staff", { csrf: staffCsrf ?? "", intent: "add", email: person.email, role: "staff", permissions });
      return staffSignIn(shop, person);
    };
    const clerk = await withPermission("Orders Clerk", "orders");
    const pdf = await clerk.get(`${orderPath}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${invoiceId}.pdf"`);
    expect(shownText(new Uint8Array(await pdf.arrayBuffer())).split("\n")).toEqual(
      expect.arrayContaining(["Tax Invoice", "GST Reg. No. M90312345A", invoiceId, "S$62.01"]),
    );
    expect((await clerk.get("/admin/orders/no-such-order/invoice.pdf")).status).toBe(404);

    expect((await (await withPermission("Points Clerk", "points")).get(`${orderPath}/invoice.pdf`)).status).toBe(403);
    const member = openBrowser(shop);
    await member.signIn(newPerson("google", "Someone Else"));
    for (const stranger of [openBrowser(shop), member]) expect((await stranger.get(`${orderPath}/invoice.pdf`)).status).toBe(404);
  });
});
