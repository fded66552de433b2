import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { orderLines } from "../../db/schema/orders.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import { creditedBoxes } from "../orders/refunds/credited-boxes.ts";

type OrderLine = typeof orderLines.$inferSelect;

/** One line of what goes in a parcel. */
export type PackedItem = { orderId: string; description: string; quantity: number };

/**
 * What of each order line goes in the parcel: its quantity less the boxes completed refunds credit
 * (refunded before it ships, a box is not sent; with restock it is back on the shelf). A line
 * refunded whole is left out.
 */
export async function itemsToPack(db: Database, lines: OrderLine[]): Promise<PackedItem[]> {
  const orderIds = [...new Set(lines.map((line) => line.orderId))];
  const credited = creditedBoxes(db);
  const refunded = orderIds.length ? await db.select().from(credited).where(inArray(credited.orderId, orderIds)) : [];
  const refundedOf = (line: OrderLine) =>
    Number(refunded.find((row) => row.orderId === line.orderId && row.position === line.position)?.quantity ?? 0);
  return lines
    .map((line) => ({ orderId: line.orderId, description: lineDescription(line), quantity: line.quantity - refundedOf(line) }))
    .filter((item) => item.quantity > 0);
}
