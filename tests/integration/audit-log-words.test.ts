import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema/catalog.ts";
import { shopEvents, webhookDeliveries } from "../../db/schema/webhooks.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { describeAuditEntry } from "../../domain/audit-log/describe-audit-entry.ts";
import { listAuditLog } from "../../domain/audit-log/list-audit-log.ts";
import { movePhoto, removePhoto } from "../../domain/catalog/photos/arrange-photos.ts";
import { uploadPhoto } from "../../domain/catalog/photos/upload-photo.ts";
import { refundOrderPayment } from "../../domain/orders/refunds/refund-order-payment.ts";
import { createWebhookEndpoint } from "../../domain/webhooks/create-webhook-endpoint.ts";
import { redeliverWebhookDelivery } from "../../domain/webhooks/redeliver-webhook-delivery.ts";
import { createSharpPictureEncoder } from "../../integrations/images/photo-encoder.ts";
import type { PaymentProvider } from "../../integrations/payments/payment-provider.ts";
import { createTestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import { createLocalFileStore } from "../../integrations/storage/file-store.ts";
import { createHttpWebhookSender } from "../../integrations/webhooks/http-webhook-sender.ts";
import type { OrderRow } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { picture } from "../setup/pictures.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { twoLineOrder } from "../setup/refund-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`the audit log names what its entries are about (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let filesDir: string;
  let provider: PaymentProvider;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    filesDir = mkdtempSync(path.join(tmpdir(), "audit-words-"));
    provider = createTestPaymentProvider({ db: database.db, webhookSecret: "whsec_test", jobs: recordingJobs().jobs });
  });
  afterAll(async () => {
    await database.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const fail = (details: object, message: string) => {
    throw new Error(`${message}: ${JSON.stringify(details)}`);
  };
  const staff = (payments: PaymentProvider = provider) =>
    testContext(database.db, {
      viewer: staffWith("refunds", "orders", "catalog", "webhooks", "staff"),
      ports: {
        payments,
        files: createLocalFileStore(filesDir),
        pictures: createSharpPictureEncoder(),
        webhooks: createHttpWebhookSender({ allowLocalTargets: true, timeoutMs: 1_000 }),
      },
      // A refund the provider does not answer is left pending with a warning.
      log: { info: () => {}, warn: () => {}, error: fail },
    });
  /** The log's newest entry of an action, described as its page shows it. */
  const described = async (action: string) => {
    const { entries } = await listAuditLog(staff(), { action });
    const [entry] = entries;
    if (!entry) throw new Error(`no ${action} entry`);
    return describeAuditEntry(entry);
  };
  const refund = (
    order: OrderRow,
    request: { lines?: { position: number; quantity: number }[]; cancel?: boolean },
    cents: number,
  ) =>
    refundOrderPayment(staff(), {
      orderId: order.id,
      what: request.lines ? { kind: "lines", lines: request.lines } : { kind: "rest" },
      reason: "Dented in transit",
      restock: true,
      cancel: request.cancel ?? false,
      confirmedCents: cents,
      refundId: randomUUID(),
    });

  it("tells a refund by its items as the order names them, its money, restock, reason and credit note", async () => {
    const order = await twoLineOrder(database.db);
    const done = await refund(order, { lines: [{ position: 0, quantity: 2 }] }, 2_580);
    const entry = await described("order.refund");
    expect(entry.summary).toBe(`Refunded order #${order.invoiceId} (S$25.80)`);
    expect(entry.facts).toEqual([
      { label: "amount", value: "S$25.80" },
      { label: "items", value: "2 × Joffee · Hazelnut · 1 box" },
      { label: "boxes back in stock", value: "yes" },
      { label: "reason", value: "Dented in transit" },
      {
        label: "credit note",
        value: `${order.invoiceId}-CN1`,
        href: `/admin/orders/${order.id}/credit-note/${done.refundId}`,
      },
    ]);
    expect(entry.changes).toEqual([]);
  });

  it("says a cancel the provider has not confirmed yet has no credit note yet", async () => {
    const order = await twoLineOrder(database.db);
    const down: PaymentProvider = {
      ...provider,
      refund: () => Promise.reject(new Error("provider unavailable")),
    };
    const pending = await refundOrderPayment(staff(down), {
      orderId: order.id,
      what: { kind: "rest" },
      reason: "Changed their mind",
      cancel: true,
      restock: false,
      confirmedCents: 6_970,
      refundId: randomUUID(),
    });
    expect(pending.status).toBe("pending");
    const entry = await described("order.cancel");
    expect(entry.summary).toBe(`Cancelled order #${order.invoiceId} (S$69.70)`);
    expect(entry.facts).toEqual([
      { label: "amount", value: "S$69.70" },
      { label: "items", value: "2 × Joffee · Hazelnut · 1 box; 1 × V5 Vitality · 8-serving box" },
      { label: "boxes back in stock", value: "yes" },
      { label: "reason", value: "Changed their mind" },
      { label: "credit note", value: "none yet: the refund waits for the payment provider" },
    ]);
  });

  it("names a photo's product by its name, with the photo's size and place, and never its ids", async () => {
    const [product] = await database.db.select().from(products).where(eq(products.id, "m8"));
    const photo = await uploadPhoto(staff(), { productId: "m8", alt: "A box on a table", image: await picture("png", 900, 600) });
    const added = await described("product.photo-add");
    expect(added).toMatchObject({
      summary: `Added a photo to product '${product?.name}': “A box on a table”`,
      link: { to: "/admin/catalogue/products/m8" },
      facts: [
        { label: "size", value: "900 × 600 px" },
        { label: "place in the gallery", value: "1" },
      ],
      changes: [],
    });
    await uploadPhoto(staff(), { productId: "m8", alt: "Another", image: await picture("png", 700, 600) });
    await movePhoto(staff(), { productId: "m8", photoId: photo.id, direction: "down" });
    expect(await described("product.photo-move")).toMatchObject({
      summary: `Moved a photo of product '${product?.name}': “A box on a table”`,
      changes: [{ field: "place", before: "1", after: "2" }],
    });
    await removePhoto(staff(), { productId: "m8", photoId: photo.id });
    expect((await described("product.photo-remove")).summary).toBe(
      `Removed a photo of product '${product?.name}': “A box on a table”`,
    );
  });

  it("names a webhook endpoint by its address, and a delivery sent again by its event and the order it is about", async () => {
    const order = await twoLineOrder(database.db);
    const url = "http://127.0.0.1:9/orders";
    const endpoint = await createWebhookEndpoint(staff(), { url, description: "Fulfilment", events: ["order.paid"] });
    expect((await described("webhook.create")).summary).toBe(`Added webhook ${url}`);

    const eventId = randomUUID();
    const at = new Date();
    await database.db.insert(shopEvents).values({
      id: eventId,
      type: "order.paid",
      key: `order.paid:${order.id}`,
      data: { orderId: order.id, invoiceId: order.invoiceId },
      createdAt: at,
    });
    const deliveryId = randomUUID();
    await database.db
      .insert(webhookDeliveries)
      .values({ id: deliveryId, eventId, endpointId: endpoint.id, status: "succeeded", attempts: 1, createdAt: at });
    await redeliverWebhookDelivery(staff(), { deliveryId });
    expect(await described("webhook.redeliver")).toEqual({
      summary: `Sent again to webhook ${url}: the order.paid event of order #${order.invoiceId}`,
      link: { to: "/admin/webhooks", label: `Webhook ${url}` },
      facts: [
        { label: "event id", value: eventId },
        { label: "order", value: `#${order.invoiceId}`, href: `/admin/orders/${order.id}` },
      ],
      changes: [],
    });
  });
});
