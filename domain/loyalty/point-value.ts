import type { OperationContext } from "../shared/context.ts";
import { activeRewards } from "./rewards.ts";

/**
 * What one point is worth to the shop: members take the reward that gives most for their points, so
 * the best value among the active rewards (the cheapest pack each can be taken as ÷ its cost) is
 * what an outstanding point may cost.
 */
export async function pointValueCents(ctx: OperationContext): Promise<number> {
  const rewards = await activeRewards(ctx);
  const products = await ctx.catalog.products();
  const priceOf = new Map(
    products.flatMap((product) => product.options.map((option) => [option.optionId, option.optionPriceCents])),
  );
  const values = rewards.flatMap((reward) => {
    const prices = reward.choices.map((choice) => priceOf.get(choice.optionId) ?? 0).filter((cents) => cents > 0);
    return prices.length > 0 ? [Math.min(...prices) / reward.pointsCost] : [];
  });
  return values.length > 0 ? Math.max(...values) : 0;
}
