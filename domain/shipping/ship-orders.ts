import { inArray } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../db/schema/orders.ts";
import { isAppError } from "../../kernel/app-error.ts";
import type { CarrierId } from "../../kernel/carriers.ts";
import { shipOrder } from "../orders/staff/ship-order.ts";
import { staffHolding } from "../shared/access.ts";
import { defineOperation, isSentence } from "../shared/operation.ts";
import { SHIPMENT_CSV_MAX_ROWS } from "./shipment-csv.ts";

/** What an order number can look like; anything else is no order, and is never looked up. */
const ORDER_NUMBER_MAX = 40;
const ORDER_NUMBER = new RegExp(`^[A-Za-z0-9_-]{1,${ORDER_NUMBER_MAX}}$`);

const text = z.string({ error: "is required" });

/**
 * Each row as typed or uploaded, with no limit of its own on any field: rows are checked one by one
 * when shipped (the carrier and tracking number by shipOrder), so one bad row never stops the others.
 */
export const ShipOrdersInput = z.object({
  rows: z
    .array(
      z.object({
        /** The row's line in an uploaded file, to say which row a message is about. */
        line: z.number().int().positive().optional(),
        /** The order number shoppers and staff see (the invoice id). */
        order: text,
        carrier: text,
        trackingNumber: text,
      }),
      { error: "must be a list of shipments" },
    )
    .min(1, { error: "Choose at least one order to ship." })
    .max(SHIPMENT_CSV_MAX_ROWS, { error: `At most ${SHIPMENT_CSV_MAX_ROWS} orders can be shipped at once.` }),
});

export type ShipmentResult = { line?: number; order: string; orderId: string | null; ok: boolean; message: string };

const FIELD_LABELS: Record<string, string> = { carrier: "Carrier", trackingNumber: "Tracking number" };

/** A refusal of one row in the words of the desk: "Tracking number must be 4 to 40 letters, digits or dashes." */
function rowMessage(error: unknown): string {
  if (!isAppError(error)) throw error;
  const fields = Object.entries(error.fields ?? {});
  if (fields.length === 0) return error.message;
  return fields
    .map(([field, problem]) => (isSentence(problem) ? problem : `${FIELD_LABELS[field] ?? field} ${problem}.`))
    .join(" ");
}

const declared = { access: staffHolding("orders"), input: ShipOrdersInput };

/**
 * Ships many paid orders at once, each exactly as shipOrder ships one (its own transaction on the
 * locked order, one shipping email, one audit entry), and says per row what happened: a row that
 * cannot be shipped (unknown order, bad tracking number, already shipped, refunded) is reported while
 * the others go ahead. Sending the same rows again ships nothing twice.
 */
export const shipOrders = defineOperation(declared, async function shipOrders(ctx, { rows }) {
  const numbers = [...new Set(rows.map((row) => row.order.trim()).filter((order) => ORDER_NUMBER.test(order)))];
  const found = numbers.length
    ? await ctx.db.select({ id: orders.id, invoiceId: orders.invoiceId }).from(orders).where(inArray(orders.invoiceId, numbers))
    : [];
  const idOf = new Map(found.map((order) => [order.invoiceId, order.id]));
  const seen = new Set<string>();
  const results: ShipmentResult[] = [];
  // One after another: each row is its own short transaction, and a batch never takes the whole pool.
  for (const row of rows) {
    const order = row.order.trim();
    const orderId = idOf.get(order) ?? null;
    // A value too long to be an order number is shown cut short: a stray column can hold a paragraph.
    const shown = order.length > ORDER_NUMBER_MAX ? `${order.slice(0, ORDER_NUMBER_MAX)}…` : order;
    const answer = (ok: boolean, message: string) => results.push({ line: row.line, order: shown, orderId, ok, message });
    if (!order) answer(false, "The order number is missing.");
    else if (!ORDER_NUMBER.test(order)) {
      answer(
        false,
        `This cannot be an order number: those are at most ${ORDER_NUMBER_MAX} letters, digits, dashes or underscores.`,
      );
    } else if (!orderId) answer(false, `There is no order ${order}.`);
    else if (seen.has(orderId)) answer(false, "This order is listed more than once; only its first row is shipped.");
    else {
      seen.add(orderId);
      try {
        await shipOrder(ctx, { orderId, carrier: row.carrier as CarrierId, trackingNumber: row.trackingNumber });
        answer(true, "Shipped; the shopper's shipping email is on its way.");
      } catch (error) {
        answer(false, rowMessage(error));
      }
    }
  }
  return { results, shipped: results.filter((result) => result.ok).length };
});
