import { asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { priceAdjustments } from "../../db/schema/price-adjustments.ts";
import { type OrderRewardLine, orderRewardLines } from "../loyalty/rewards/redeems/order-rewards.ts";
import type { PriceAdjustment } from "./price-adjustment.ts";

export type OrderView = Omit<typeof orders.$inferSelect, "customerId" | "updatedAt"> & {
  customer: { name: string; address: string; postalCode: string };
  lines: (typeof orderLines.$inferSelect)[];
  /** Rewards the member took with points that went out with this order (free of charge). */
  rewards: OrderRewardLine[];
  /** The discounts on the order, each on its own. */
  adjustments: PriceAdjustment[];
};

/** The order's discounts, in the order its documents show them. */
function adjustmentsOf(db: Database, orderId: string): Promise<PriceAdjustment[]> {
  return db
    .select({
      source: priceAdjustments.source,
      code: priceAdjustments.code,
      cents: priceAdjustments.cents,
      label: priceAdjustments.label,
    })
    .from(priceAdjustments)
    .where(eq(priceAdjustments.orderId, orderId))
    .orderBy(asc(priceAdjustments.position));
}

export async function loadOrder(db: Database, where: SQL): Promise<OrderView | null> {
  const [row] = await db
    // The address the order was paid for: the customer record follows the shopper's latest checkout.
    .select({ order: orders, shipping: checkoutSessions.shipping })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .where(where);
  if (!row) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, row.order.id)).orderBy(asc(orderLines.position));
  const { customerId: _customerId, updatedAt: _updatedAt, ...order } = row.order;
  const rewards = await orderRewardLines(db, row.order.id);
  const adjustments = await adjustmentsOf(db, row.order.id);
  const { name, address, postalCode } = row.shipping;
  return { ...order, customer: { name, address, postalCode }, lines, rewards, adjustments };
}

export const byInvoiceId = (invoiceId: string) => eq(orders.invoiceId, invoiceId);
export const byCheckoutSession = (sessionId: string) => eq(orders.checkoutSessionId, sessionId);
