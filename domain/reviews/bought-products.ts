import { and, eq, exists, inArray, type SQL } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { purchaseOptions } from "../../db/schema/catalog.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { KEPT_ORDER_STATUSES } from "../../kernel/order-statuses.ts";

/** The products of kept orders (paid and not cancelled or refunded) that match `where`: what counts as bought. */
function keptPurchases(db: Database | Tx, where: SQL | undefined) {
  return db
    .selectDistinct({ productId: purchaseOptions.productId })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(purchaseOptions, eq(purchaseOptions.optionId, orderLines.optionId))
    .where(and(inArray(orders.status, KEPT_ORDER_STATUSES), where));
}

/** The ids of the products in the member's kept orders: what they may review. */
export async function productsBoughtBy(db: Database | Tx, memberId: string): Promise<Set<string>> {
  const rows = await keptPurchases(db, eq(orders.memberId, memberId));
  return new Set(rows.map((row) => row.productId));
}

/** For a query of reviews: whether the review's author bought its product in a kept order. */
export function reviewerBoughtIt(db: Database | Tx): SQL<boolean> {
  const bought = and(eq(orders.memberId, reviews.memberId), eq(purchaseOptions.productId, reviews.productId));
  return exists(keptPurchases(db, bought)).mapWith(Boolean);
}
