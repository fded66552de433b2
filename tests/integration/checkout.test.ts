import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bags } from "../../db/schema/bags.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { seedPromotionCodes } from "../../db/seed/promotions.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { bagIdOf, newBagToken } from "../../domain/bag/bag-token.ts";
import { getBag } from "../../domain/bag/get-bag.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { handlePaymentEvent } from "../../domain/checkout/handle-payment-event.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { invoicePdf } from "../../domain/orders/invoice-file.ts";
import { byInvoiceId, loadOrder } from "../../domain/orders/order-view.ts";
import { viewOrder } from "../../domain/orders/view-order.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { signStripePayload } from "../../integrations/payments/stripe-signature.ts";
import { createLocalFileStore } from "../../integrations/storage/file-store.ts";
import { generateOrderCode } from "../../kernel/order-code.ts";
import { checkoutPorts, bagWith as fillBag, holderOf } from "../setup/checkout-fixtures.ts";
import { memberViewer, testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const SHIPPING = {
  name: "Tan Mei Ling",
  email: "mei@example.com",
  mobile: "9123 4567",
  address: "Blk 123 Tampines St 11, #04-56",
  postalCode: "521123",
};

describe(`checkout and fulfilment (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  let payments: RecordingPayments["payments"];
  let lastEvent: RecordingPayments["lastEvent"];
  let lastWebhook: RecordingPayments["lastWebhook"];
  /** The shop as this viewer (by default a guest without a bag: the webhook's and the return page's view). */
  const ctx = (viewer: Viewer = guest(), now?: () => Date) =>
    testContext(database.db, { viewer, now, ports: checkoutPorts(recording) });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedPromotionCodes(database.db);
    recording = recordingTestPayments(database.db);
    ({ payments, lastEvent, lastWebhook } = recording);
  });
  afterAll(() => database.close());

  const bagWith = (...options: [string, number][]) => fillBag(database.db, options);

  async function checkout(bagToken: string, form: Record<string, unknown> = SHIPPING) {
    const input = { ...form, baseUrl: "http://shop.test", clientAddress: "203.0.113.10" } as Parameters<typeof startCheckout>[1];
    return (await startCheckout(ctx(holderOf(bagToken)), input)).sessionId;
  }

  const count = async (table: string, where = sql`true`) =>
    (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`))[0]?.n;

  it("turns a paid session into exactly one order, whatever arrives twice or races", async () => {
    const bagToken = await bagWith(["op-m8_ba-2b", 1], ["op-j4_bb-1b", 2]);
    const sessionId = await checkout(bagToken);
    expect(await payments.pay(sessionId, "4242 4242 4242 4242")).toMatchObject({ ok: true });
    const event = await lastEvent();
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => handlePaymentEvent(ctx(), event)),
      ...Array.from({ length: 5 }, () => fulfilCheckout(ctx(), { sessionId })),
    ]);
    const invoiceIds = new Set(results.map((result) => result?.invoiceId));
    expect(invoiceIds.size).toBe(1);
    expect(results.filter((result) => result?.created)).toHaveLength(1);

    const where = sql`checkout_session_id = ${sessionId}`;
    expect(await count("orders", where)).toBe(1);
    const [order] = await queryRows<{ id: string; price_cents: number; mobile: string; status: string; invoice_id: string }>(
      database.db,
      sql`select id, price_cents, mobile, status, invoice_id from orders where ${where}`,
    );
    expect(order).toMatchObject({ price_cents: 6890 + 2580, mobile: "+6591234567", status: "paid" });
    expect(order?.invoice_id).toMatch(/^[0-9A-Z]{8}$/);
    expect(await count("order_lines", sql`order_id = ${order?.id}`)).toBe(2);
    expect(await count("email_outbox", sql`order_id = ${order?.id}`)).toBe(1);
    expect(await count("payment_events", sql`session_id = ${sessionId}`)).toBe(1);
    expect((await getBag(ctx(holderOf(bagToken)), {})).lines).toEqual([]);
    const [customer] = await queryRows(
      database.db,
      sql`select purchase_count, first_purchased_on is not null as first from customers where email = 'mei@example.com'`,
    );
    expect(customer).toEqual({ purchase_count: 1, first: true });
  });

  it("loses nothing when fulfilment dies half way: the replayed webhook completes the order once", async () => {
    const bagToken = await bagWith(["op-l8_yc-1b", 1]);
    const sessionId = await checkout(bagToken, { ...SHIPPING, email: "crash@example.com" });
    await payments.pay(sessionId, "4242424242424242");
    const event = await lastEvent();
    const dying = () => {
      throw new Error("process killed");
    };
    await expect(handlePaymentEvent(ctx(guest(), dying), event)).rejects.toThrow("process killed");
    expect(await count("orders", sql`checkout_session_id = ${sessionId}`)).toBe(0);
    expect(await count("payment_events", sql`session_id = ${sessionId}`)).toBe(0);

    expect((await handlePaymentEvent(ctx(), event))?.created).toBe(true);
    expect((await handlePaymentEvent(ctx(), event))?.created).toBe(false);
    expect(await count("orders", sql`checkout_session_id = ${sessionId}`)).toBe(1);
  });

  it("creates no order for a declined card, keeps the bag and says why", async () => {
    const bagToken = await bagWith(["op-vs8_cz-1b", 1]);
    const sessionId = await checkout(bagToken);
    expect(await payments.pay(sessionId, "4000 0000 0000 0002")).toEqual({ ok: false, message: "Your card was declined." });
    expect(await payments.pay(sessionId, "4000000000009995")).toEqual({
      ok: false,
      message: "Your card has insufficient funds.",
    });
    expect(await payments.pay(sessionId, "1234")).toEqual({ ok: false, message: "Your card number is incorrect." });
    expect(await fulfilCheckout(ctx(), { sessionId })).toBeNull();
    expect(await count("orders", sql`checkout_session_id = ${sessionId}`)).toBe(0);
    expect((await getBag(ctx(holderOf(bagToken)), {})).lines).toHaveLength(1);
  });

  it("prices on the server only: a tampered price in the form changes nothing", async () => {
    const bagToken = await bagWith(["op-m8_sb-1b", 1]);
    const sessionId = await checkout(bagToken, { ...SHIPPING, optionPrice: "0.01", totalCents: "1", price: "1" });
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session).toMatchObject({ subtotalCents: 3900, shippingCents: 490, totalCents: 4390 });
  });

  it("applies a promotion to eligible lines only and holds its use limit under concurrent checkouts", async () => {
    const bagToken = await bagWith(["op-m8_ll-1b", 2], ["op-lbndl4-4b", 1]);
    await database.db
      .update(bags)
      .set({ promotionCode: "WELCOME10" })
      .where(eq(bags.id, bagIdOf(bagToken)));
    const sessionId = await checkout(bagToken);
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    // The two boxes at the two-box price (S$9.10 off), then 10% of the S$68.90 left.
    expect(session).toMatchObject({ subtotalCents: 7800 + 11760, discountCents: 910 + 689, shippingCents: 0, totalCents: 17961 });
    expect(session?.lines.map((line) => line.discountCents)).toEqual([1599, 0]);

    const tokens = await Promise.all([1, 2, 3].map(() => bagWith(["op-m8_pb-1b", 1])));
    for (const token of tokens)
      await database.db
        .update(bags)
        .set({ promotionCode: "FIRST1" })
        .where(eq(bags.id, bagIdOf(token)));
    const outcomes = await Promise.allSettled(tokens.map((token) => checkout(token)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === "rejected")) {
      expect(String((outcome as PromiseRejectedResult).reason)).toContain("That promotion code has been fully used.");
    }
  });

  it("closes a session on expiry or a failed payment: no order, the bag kept, the code's use released once", async () => {
    const timesUsed = async () =>
      (await queryRows<{ n: number }>(database.db, sql`select times_used as n from promotion_codes where code = 'SAVE5'`))[0]?.n;
    const before = await timesUsed();
    for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"]) {
      const bagToken = await bagWith(["op-m8_ba-1b", 1]);
      await database.db
        .update(bags)
        .set({ promotionCode: "SAVE5" })
        .where(eq(bags.id, bagIdOf(bagToken)));
      const sessionId = await checkout(bagToken);
      expect(await timesUsed()).toBe((before ?? 0) + 1);
      const raw = JSON.stringify({
        id: `evt_${type}`,
        object: "event",
        type,
        data: { object: { id: sessionId, object: "checkout.session" } },
      });
      const event = await payments.verifyWebhook(raw, await signStripePayload(raw, "whsec_test_secret"));
      await handlePaymentEvent(ctx(), event);
      await handlePaymentEvent(ctx(), event);
      expect(await timesUsed()).toBe(before);
      const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
      expect(session?.status).toBe(type.endsWith("expired") ? "expired" : "failed");
      expect(await count("orders", sql`checkout_session_id = ${sessionId}`)).toBe(0);
      expect((await getBag(ctx(holderOf(bagToken)), {})).lines).toHaveLength(1);
    }
  });

  it("generates an order's invoice PDF once and serves the kept file after", async () => {
    const [order] = await queryRows<{ invoice_id: string }>(
      database.db,
      sql`select invoice_id from orders order by created_at limit 1`,
    );
    const view = await loadOrder(database.db, byInvoiceId(order?.invoice_id ?? ""));
    if (!view) throw new Error("no order");
    const stored = createLocalFileStore(mkdtempSync(path.join(tmpdir(), "invoices-")));
    let puts = 0;
    const files = {
      ...stored,
      put: (...args: Parameters<typeof stored.put>) => {
        puts += 1;
        return stored.put(...args);
      },
    };
    const supplier = { name: "Nectar Lab", address: null, gstRegistrationNumber: null };
    const first = await invoicePdf({ db: database.db, files, brandName: "Nectar Lab", supplier }, view);
    const kept = await loadOrder(database.db, byInvoiceId(view.invoiceId));
    expect(kept?.s3Key).toBe(`invoices/${view.invoiceId}.pdf`);
    const second = await invoicePdf({ db: database.db, files, brandName: "Nectar Lab", supplier }, kept ?? view);
    expect(puts).toBe(1);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(first).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("shows a member the order linked to them from any browser, and nobody else", async () => {
    const bagToken = await bagWith(["op-l8_yc-1b", 1]);
    const sessionId = await checkout(bagToken, { ...SHIPPING, email: "member-view@example.com" });
    await payments.pay(sessionId, "4242424242424242");
    const invoiceId = (await fulfilCheckout(ctx(), { sessionId }))?.invoiceId ?? "";
    await database.db.execute(sql`update orders set member_id = 'member-a' where invoice_id = ${invoiceId}`);

    await expect(viewOrder(ctx(memberViewer("member-a")), { invoiceId })).resolves.toMatchObject({ invoiceId });
    await expect(viewOrder(ctx(holderOf(bagToken)), { invoiceId })).resolves.toMatchObject({ invoiceId });
    // Everyone else is asked to prove it, as for an order that does not exist; what is no order code is no order.
    for (const viewer of [memberViewer("member-b"), guest(newBagToken()), guest()]) {
      await expect(viewOrder(ctx(viewer), { invoiceId })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      await expect(viewOrder(ctx(viewer), { invoiceId: generateOrderCode(new Date()) })).rejects.toMatchObject({
        code: "UNAUTHENTICATED",
      });
      await expect(viewOrder(ctx(viewer), { invoiceId: "not-a-code" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("refuses a webhook whose signature does not match", async () => {
    const webhook = lastWebhook();
    await expect(payments.verifyWebhook(webhook.raw.replace("paid", "PAID"), webhook.signature)).rejects.toThrow();
    await expect(payments.verifyWebhook(webhook.raw, null)).rejects.toThrow("Missing Stripe-Signature header.");
  });

  it("shows each shipping field's problem and starts nothing", async () => {
    const bagToken = await bagWith(["op-m8_yd-1b", 1]);
    const sessionsBefore = await count("checkout_sessions");
    const result = await startCheckout(ctx(holderOf(bagToken)), {
      name: "",
      email: "nope",
      mobile: "1234",
      address: "x",
      postalCode: "12345",
      baseUrl: "http://shop.test",
      clientAddress: "203.0.113.10",
    }).catch((error: unknown) => error);
    expect(result).toMatchObject({ code: "BAD_USER_INPUT" });
    expect((result as { fields?: unknown }).fields).toEqual({
      name: "Enter your full name.",
      email: "Enter an email address like name@example.com.",
      mobile: "Enter a Singapore mobile number, like 9123 4567.",
      address: "Enter your street address, with block and unit number.",
      postalCode: "Enter your 6-digit postal code.",
    });
    expect(await count("checkout_sessions")).toBe(sessionsBefore);
  });
});
