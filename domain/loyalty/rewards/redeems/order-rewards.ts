import { asc, eq, inArray, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../../../../db/client.ts";
import { products, purchaseOptions } from "../../../../db/schema/catalog.ts";
import { redeems, rewards } from "../../../../db/schema/rewards.ts";
import { formatNumber } from "../../../../kernel/number-format.ts";

/** A reward that went out with an order, as its invoice and details pages list it. */
export type OrderRewardLine = {
  redeemId: string;
  rewardName: string;
  productName: string;
  flavourName: string | null;
  optionName: string;
  quantity: number;
  pointsEach: number;
  pointsTotal: number;
};

/** The rewards attached to an order, in the order they were put in the bag. */
export async function orderRewardLines(db: Database, orderId: string): Promise<OrderRewardLine[]> {
  return (await rewardLinesByOrder(db, [orderId])).get(orderId) ?? [];
}

/**
 * The rewards attached to each of the orders (their ids, or a query of them), by order, each order's in
 * the order they were put in the bag.
 */
export async function rewardLinesByOrder(db: Database, orderIds: string[] | SQLWrapper): Promise<Map<string, OrderRewardLine[]>> {
  if (Array.isArray(orderIds) && orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: redeems.orderId,
      redeemId: redeems.id,
      rewardName: rewards.name,
      productName: products.name,
      flavourName: purchaseOptions.flavourName,
      optionName: purchaseOptions.optionName,
      optionId: redeems.optionId,
      quantity: redeems.quantity,
      pointsEach: redeems.pointsEach,
      orderedAs: redeems.orderedAs,
    })
    .from(redeems)
    .leftJoin(rewards, eq(rewards.id, redeems.rewardId))
    .leftJoin(purchaseOptions, eq(purchaseOptions.optionId, redeems.optionId))
    .leftJoin(products, eq(products.id, purchaseOptions.productId))
    .where(inArray(redeems.orderId, orderIds))
    .orderBy(asc(redeems.createdAt), asc(redeems.id));
  const lines = rows.map((row) => ({
    orderId: row.orderId ?? "",
    redeemId: row.redeemId,
    ...(row.orderedAs ?? {
      rewardName: row.rewardName ?? "Reward",
      productName: row.productName ?? row.optionId,
      flavourName: row.flavourName,
      optionName: row.optionName ?? "",
    }),
    quantity: row.quantity,
    pointsEach: row.pointsEach,
    pointsTotal: row.pointsEach * row.quantity,
  }));
  return new Map(
    [...Map.groupBy(lines, (line) => line.orderId)].map(([orderId, found]) => [
      orderId,
      found.map(({ orderId: _orderId, ...line }) => line),
    ]),
  );
}

/** How a reward reads on the invoice and in the confirmation email: what it is and what it cost in points. */
export function rewardDescription(reward: OrderRewardLine): string {
  const item = reward.flavourName ? `${reward.productName}, ${reward.flavourName}` : reward.productName;
  return `Reward: ${item} (${formatNumber(reward.pointsTotal)} points)`;
}
