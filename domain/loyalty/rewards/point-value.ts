import type { OperationContext } from "../../shared/context.ts";
import { activeRewards, type Reward } from "./rewards.ts";

/**
 * What one point is worth to the shop: members take the reward that gives most for their points, so
 * the best value among the rewards offered (the cheapest pack each can be taken as ÷ its cost) is
 * what an outstanding point may cost. The active rewards unless others are given (a change not yet saved).
 */
export async function pointValueCents(ctx: OperationContext, offered?: Reward[]): Promise<number> {
  const rewards = offered ?? (await activeRewards(ctx));
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
