import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { shopEvents, webhookDeliveries } from "../../db/schema/webhooks.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import { creditNotesOf } from "../orders/refunds/order-refunds.ts";

/**
 * What an entry's description names that its record holds only by id, looked up when the log is
 * read, so entries recorded before read as well as new ones: a refund's lines and credit note, the
 * product of a photo, the event and order of a webhook delivery.
 */
export type AuditContext = {
  /** The order's lines by position, as the order describes them ("Joffee · Hazelnut · 1 box"). */
  orderLines?: Record<number, string>;
  /** The credit note numbers of the order's confirmed refunds, by refund id; a refund not in it still waits for the provider. */
  creditNotes?: Record<string, string>;
  productName?: string;
  delivery?: { event: string; orderId: string | null; invoiceId: string | null };
};

type Entry = { id: string; action: string; target: string; orderId: string | null };

const isRefund = (entry: Entry) => entry.action === "order.refund" || entry.action === "order.cancel";

async function refundContexts(db: Database, entries: Entry[]): Promise<Map<string, AuditContext>> {
  const refunded = new Map(entries.flatMap((entry) => (entry.orderId ? [[entry.orderId, entry.target] as const] : [])));
  if (refunded.size === 0) return new Map();
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...refunded.keys()]));
  const byOrder = new Map<string, AuditContext>();
  for (const [orderId, invoiceId] of refunded) {
    const notes = await creditNotesOf(db, { id: orderId, invoiceId });
    byOrder.set(orderId, {
      orderLines: Object.fromEntries(
        lines.filter((line) => line.orderId === orderId).map((line) => [line.position, lineDescription(line)]),
      ),
      creditNotes: Object.fromEntries(notes.map((note) => [note.id, note.creditNoteId])),
    });
  }
  return byOrder;
}

async function productNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function deliveries(db: Database, ids: string[]): Promise<Map<string, NonNullable<AuditContext["delivery"]>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: webhookDeliveries.id, event: shopEvents.type, orderId: orders.id, invoiceId: orders.invoiceId })
    .from(webhookDeliveries)
    .innerJoin(shopEvents, eq(shopEvents.id, webhookDeliveries.eventId))
    // An event about an order names it in its data (order.paid, order.refunded, referral.completed).
    .leftJoin(orders, eq(orders.id, sql`${shopEvents.data}->>'orderId'`))
    .where(inArray(webhookDeliveries.id, ids));
  return new Map(rows.map(({ id, ...delivery }) => [id, delivery]));
}

/** Each entry's context by entry id; entries whose description needs nothing looked up have none. */
export async function auditContexts(db: Database, entries: Entry[]): Promise<Map<string, AuditContext>> {
  const photos = entries.filter((entry) => entry.action.startsWith("product.photo-"));
  const redelivered = entries.filter((entry) => entry.action === "webhook.redeliver");
  const [refunds, names, sent] = await Promise.all([
    refundContexts(db, entries.filter(isRefund)),
    productNames(db, [...new Set(photos.map((entry) => entry.target))]),
    deliveries(
      db,
      redelivered.map((entry) => entry.target),
    ),
  ]);
  const contexts = new Map<string, AuditContext>();
  for (const entry of entries) {
    const refund = isRefund(entry) && entry.orderId ? refunds.get(entry.orderId) : undefined;
    const productName = photos.includes(entry) ? names.get(entry.target) : undefined;
    const delivery = redelivered.includes(entry) ? sent.get(entry.target) : undefined;
    if (refund) contexts.set(entry.id, refund);
    if (productName) contexts.set(entry.id, { productName });
    if (delivery) contexts.set(entry.id, { delivery });
  }
  return contexts;
}
