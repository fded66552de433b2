import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { products, purchaseOptions } from "../../../db/schema/catalog.ts";
import { rewards } from "../../../db/schema/loyalty.ts";
import { redeems } from "../../../db/schema/members.ts";
import { formatNumber } from "../../../kernel/number-format.ts";

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
  const rows = await db
    .select({
      redeemId: redeems.id,
      rewardName: rewards.name,
      productName: products.name,
      flavourName: purchaseOptions.flavourName,
      optionName: purchaseOptions.optionName,
      optionId: redeems.optionId,
      quantity: redeems.quantity,
      pointsEach: redeems.pointsEach,
    })
    .from(redeems)
    .leftJoin(rewards, eq(rewards.id, redeems.rewardId))
    .leftJoin(purchaseOptions, eq(purchaseOptions.optionId, redeems.optionId))
    .leftJoin(products, eq(products.id, purchaseOptions.productId))
    .where(eq(redeems.orderId, orderId))
    .orderBy(asc(redeems.createdAt), asc(redeems.id));
  return rows.map((row) => ({
    redeemId: row.redeemId,
    rewardName: row.rewardName ?? "Reward",
    productName: row.productName ?? row.optionId,
    flavourName: row.flavourName,
    optionName: row.optionName ?? "",
    quantity: row.quantity,
    pointsEach: row.pointsEach,
    pointsTotal: row.pointsEach * row.quantity,
  }));
}

/** How a reward reads on the invoice and in the confirmation email: what it is and what it cost in points. */
export function rewardDescription(reward: OrderRewardLine): string {
  const item = reward.flavourName ? `${reward.productName}, ${reward.flavourName}` : reward.productName;
  return `Reward: ${item} (${formatNumber(reward.pointsTotal)} points)`;
}
