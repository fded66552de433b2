import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { refunds } from "../../db/schema/refunds.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import type { OrderRow } from "../setup/loyalty-fixtures.ts";
import { shownText } from "../setup/pdf-text.ts";
import { confirmationFields, twoLineOrder } from "../setup/refund-fixtures.ts";
import { openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const BOX = "Joffee · Hazelnut · 1 box";
describe("the back office's refund and cancel forms over HTTP", () => {
  let shop: TestServer;
  let owner: ShopBrowser;
  let csrf: string;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    owner = await staffSignIn(shop, TEST_OWNER);
    const page = await (await owner.get("/admin/orders")).text();
    csrf = /<input type="hidden" name="csrf" value="([^"]*)"/.exec(page)?.[1] ?? "";
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const current = async (order: OrderRow) => (await db().select().from(orders).where(eq(orders.id, order.id)))[0];
  const refundsOf = (order: OrderRow) => db().select().from(refunds).where(eq(refunds.orderId, order.id));
  const pathOf = (order: OrderRow) => `/admin/orders/${order.id}`;
  const post = (order: OrderRow, form: Record<string, string>) => owner.post(pathOf(order), { csrf, ...form });

  const paidOrder = () => twoLineOrder(db());
  /** The message the order page answered a form with. */
  const answerOf = (html: string) => /id="action-answer"[^>]*>([^<]*)</.exec(html)?.[1];

  it("shows the order's facts before its actions", async () => {
    const html = await (await owner.get(pathOf(await paidOrder()))).text();
    const headings = Array.from(html.matchAll(/<h2 id="[a-z]+-heading"[^>]*>([^<]+)</g), ([, title]) => title);
    expect(headings.slice(0, 8)).toEqual([
      "Items, rewards and promotion",
      "Customer and shipping",
      "Payment and refunds",
      "Mark shipped",
      "Cancel order",
      "Refund",
      "Staff notes and tags",
      "Points",
    ]);
    expect(html).not.toMatch(/name="kind" value="[a-z]+" checked/);
  });

  it("asks to confirm the amount worked out on the server, refunds only on the confirmation, and once however often it is sent", async () => {
    const order = await paidOrder();
    const asked = await post(order, { intent: "refund", "line-0": "1", "line-1": "", amount: "", reason: "Dented box" });
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain("Refund S$12.90 to the shopper&#x27;s original payment method? This cannot be undone.");
    expect(html).toContain(`1 × ${BOX}`);
    expect(await current(order)).toMatchObject({ refundedCents: 0 });
    expect(await refundsOf(order)).toEqual([]);

    const confirmation = confirmationFields(html);
    expect(confirmation).toMatchObject({
      intent: "refund",
      kind: "lines",
      "line-0": "1",
      reason: "Dented box",
      confirmedCents: "1290",
    });
    for (let send = 0; send < 2; send += 1) {
      const done = await owner.post(pathOf(order), confirmation);
      expect(done.status).toBe(200);
      expect(await done.text()).toContain("S$12.90 refunded; the shopper&#x27;s email is on its way.");
    }
    expect(await current(order)).toMatchObject({ refundedCents: 1_290 });
    expect(await refundsOf(order)).toHaveLength(1);
  });

  it("takes the kind a filled-in field implies, and refuses a form whose kind and fields disagree, never refunding everything", async () => {
    const order = await paidOrder();
    const refused: [Record<string, string>, string][] = [
      [{ kind: "rest", "line-0": "1" }, "“Everything left” is chosen, but an amount or line quantities are filled in too."],
      [{ kind: "rest", amount: "5" }, "“Everything left” is chosen, but an amount or line quantities are filled in too."],
      [{ kind: "amount", amount: "5", "line-1": "1" }, "“An amount” is chosen, but line quantities are filled in too."],
      [{ kind: "lines", "line-0": "1", amount: "5" }, "“Some lines” is chosen, but an amount is filled in too."],
      [{ amount: "5", "line-0": "1" }, "Both an amount and line quantities are filled in."],
      [{ amount: "", "line-0": "0" }, "Choose what to refund: everything left, an amount or some lines."],
    ];
    for (const [form, message] of refused) {
      const answer = await post(order, { intent: "refund", reason: "Checking", ...form });
      expect(answer.status, JSON.stringify(form)).toBe(400);
      const html = await answer.text();
      expect(html).toContain(message);
      expect(html).not.toContain('id="confirm-heading"');
    }
    // Refused without scripts, the form comes back as it was filled in.
    const filledIn = await (await post(order, { intent: "refund", reason: "Checking", amount: "5", "line-0": "1" })).text();
    expect(filledIn).toMatch(/id="refund-amount"[^>]*value="5"/);
    expect(filledIn).toMatch(/id="refund-line-0"[^>]*value="1"/);

    for (const [form, question] of [
      [{ amount: "5" }, "Refund S$5.00 to"],
      [{ "line-1": "1" }, "Refund S$39.00 to"],
      [{ kind: "rest", amount: " ", "line-0": "0" }, "Refund S$69.70 to"],
    ] as const) {
      const answer = await post(order, { intent: "refund", reason: "Checking", ...form });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(question);
    }
    expect(await refundsOf(order)).toEqual([]);
    expect(await current(order)).toMatchObject({ status: "paid", refundedCents: 0 });
  });

  it("refuses a confirmation the order has changed under: a line past what is left of it, or another amount", async () => {
    const order = await paidOrder();
    const both = confirmationFields(await (await post(order, { intent: "refund", "line-0": "2", reason: "Both boxes" })).text());
    const rest = confirmationFields(await (await post(order, { intent: "refund", kind: "rest", reason: "All" })).text());
    const one = confirmationFields(await (await post(order, { intent: "refund", "line-0": "1", reason: "One box" })).text());
    expect((await owner.post(pathOf(order), one)).status).toBe(200);

    const tooMany = await owner.post(pathOf(order), both);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain(`Only 1 more of ${BOX} can be refunded (2 bought, 1 refunded).`);
    const changed = await owner.post(pathOf(order), rest);
    expect(changed.status).toBe(409);
    expect(await changed.text()).toContain("This refund now comes to S$56.80, not the S$69.70 confirmed");
    expect(await current(order)).toMatchObject({ status: "paid", refundedCents: 1_290 });
  });

  it("cancels an order only on the confirmation stating the amount", async () => {
    const order = await paidOrder();
    const asked = await post(order, { intent: "cancel", reason: "Customer changed their mind" });
    const html = await asked.text();
    expect(html).toContain(
      "Cancel this order and refund S$69.70 to the shopper&#x27;s original payment method? This cannot be undone.",
    );
    expect(await current(order)).toMatchObject({ status: "paid", refundedCents: 0 });
    const done = await owner.post(pathOf(order), confirmationFields(html));
    expect(await done.text()).toContain("Cancelled. S$69.70 refunded");
    expect(await current(order)).toMatchObject({ status: "cancelled", refundedCents: 6_970 });
  });

  it("ships or cancels each order when its cancel's confirmation and its ship are posted at the same moment, never both", async () => {
    const placed = await Promise.all(Array.from({ length: 5 }, () => paidOrder()));
    const confirmations = await Promise.all(
      placed.map(async (order) =>
        confirmationFields(await (await post(order, { intent: "cancel", reason: "Customer changed their mind" })).text()),
      ),
    );
    const answers = await Promise.all(
      placed.map((order, index) =>
        Promise.all([
          owner.post(pathOf(order), confirmations[index] ?? {}),
          post(order, { carrier: "singpost", trackingNumber: `SG0000${index}` }),
        ]),
      ),
    );
    for (const [index, [cancelled, shipped]] of answers.entries()) {
      const order = placed[index];
      if (!order) throw new Error("no order");
      const row = await current(order);
      expect([cancelled.status, shipped.status].sort()).toEqual([200, 409]);
      if (row?.status === "cancelled") {
        expect(row).toMatchObject({ shippedAt: null, refundedCents: order.priceCents });
        expect(answerOf(await shipped.text())).toMatch(/^This order is (being )?cancelled, so it cannot be marked shipped\.$/);
      } else {
        expect(row).toMatchObject({ status: "shipped", refundedCents: 0 });
        expect(answerOf(await cancelled.text())).toBe("This order is shipped, so it can no longer be cancelled.");
        expect(await refundsOf(order)).toEqual([]);
      }
    }
  });

  it("links each credit note from the order page, naming the lines it credits, for staff only", async () => {
    const order = await paidOrder();
    const asked = await post(order, { intent: "refund", "line-0": "2", reason: "Both boxes" });
    await owner.post(pathOf(order), confirmationFields(await asked.text()));
    const [refund] = await refundsOf(order);
    const href = `/admin/orders/${order.id}/credit-note/${refund?.id}`;
    const html = await (await owner.get(pathOf(order))).text();
    expect(html).toContain(
      `<a href="${href}" class="font-semibold text-brand-700 underline">${order.invoiceId}-CN1<!-- --> (PDF)</a>`,
    );
    expect(html).toContain(`2 × ${BOX}`);

    const pdf = await owner.get(href);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = shownText(new Uint8Array(await pdf.arrayBuffer()));
    for (const part of [`${order.invoiceId}-CN1`, "Items credited", BOX, "S$25.80", "Both boxes"]) expect(text).toContain(part);
    expect((await openBrowser(shop).get(href)).status).toBe(404);
    expect((await owner.get(`/admin/orders/${order.id}/credit-note/not-a-refund`)).status).toBe(404);
  });

  it("tells a refund in the audit log by what it gave back, not by the order's fields and raw records", async () => {
    const order = await paidOrder();
    const asked = await post(order, { intent: "refund", "line-0": "1", reason: "Dented box", restock: "on" });
    await owner.post(pathOf(order), confirmationFields(await asked.text()));
    const [refund] = await refundsOf(order);
    const page = await owner.get("/admin/audit?action=order.refund");
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    const row = html.slice(html.indexOf(`Refunded order #${order.invoiceId} (S$12.90)`));
    const entry = row.slice(0, row.indexOf("</tr>"));
    for (const part of [
      `<span class="font-semibold">items</span>: <span class="break-words">1 × ${BOX}</span>`,
      `<span class="font-semibold">boxes back in stock</span>: <span class="break-words">yes</span>`,
      `<span class="font-semibold">reason</span>: <span class="break-words">Dented box</span>`,
      `<a href="/admin/orders/${order.id}/credit-note/${refund?.id}" class="font-semibold text-brand-700 underline break-words">${order.invoiceId}-CN1</a>`,
    ])
      expect(entry).toContain(part);
    for (const raw of ["status", "refunded</span>", "position", "refund id", "{"]) expect(entry).not.toContain(raw);
  });
});
