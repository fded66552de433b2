import { asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { checkoutSessions, orderLines, orders } from "../../db/schema/orders.ts";
import { type OrderRewardLine, orderRewardLines } from "../loyalty/rewards/redeems/order-rewards.ts";
import { discountLabel, type PriceAdjustment, REFERRAL_DISCOUNT_LABEL } from "./price-adjustment.ts";

export type OrderView = Omit<typeof orders.$inferSelect, "customerId" | "updatedAt"> & {
  customer: { name: string; address: string; postalCode: string };
  lines: (typeof orderLines.$inferSelect)[];
  /** Rewards the member took with points that went out with this order (free of charge). */
  rewards: OrderRewardLine[];
  /** The discounts on the order, each on its own. */
  adjustments: PriceAdjustment[];
};

/** The order's discounts from its columns: the promotion code's and the referred friend's. */
function storedAdjustments(order: typeof orders.$inferSelect): PriceAdjustment[] {
  const promotionCents = order.discountCents - order.referralDiscountCents;
  const adjustments: PriceAdjustment[] = [];
  if (order.promotionCode || promotionCents > 0) {
    const label = discountLabel(order.promotionCode);
    adjustments.push({ source: "promotion-code", code: order.promotionCode, cents: promotionCents, label });
  }
  if (order.referralDiscountCents > 0) {
    adjustments.push({ source: "referral", code: null, cents: order.referralDiscountCents, label: REFERRAL_DISCOUNT_LABEL });
  }
  return adjustments;
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
  const { name, address, postalCode } = row.shipping;
  return { ...order, customer: { name, address, postalCode }, lines, rewards, adjustments: storedAdjustments(row.order) };
}

export const byInvoiceId = (invoiceId: string) => eq(orders.invoiceId, invoiceId);
export const byCheckoutSession = (sessionId: string) => eq(orders.checkoutSessionId, sessionId);
