import { and, eq, inArray } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { purchaseOptions } from "../../db/schema/catalog.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { KEPT_ORDER_STATUSES } from "../../kernel/order-statuses.ts";

/** An order whose goods the customer received or will receive: not cancelled, not wholly refunded. */

/** The ids of the products in the member's kept orders: what they may review. */
export async function productsBoughtBy(db: Database | Tx, memberId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ productId: purchaseOptions.productId })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(purchaseOptions, eq(purchaseOptions.optionId, orderLines.optionId))
    .where(and(eq(orders.memberId, memberId), inArray(orders.status, KEPT_ORDER_STATUSES)));
  return new Set(rows.map((row) => row.productId));
}
