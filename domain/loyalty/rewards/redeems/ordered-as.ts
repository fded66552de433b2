import { sql } from "drizzle-orm";
import type { RedeemOrderedAs } from "../../../../db/schema/rewards.ts";

/**
 * The names a redeem keeps when it goes out with an order, read from the catalogue and the reward
 * in the statement that marks it Ordered: its invoice, made later, reads as the order did.
 */
export const orderedAsNow = sql<RedeemOrderedAs>`(
  select jsonb_build_object(
    'rewardName', coalesce(r.name, 'Reward'),
    'productName', p.name,
    'optionName', o.option_name,
    'flavourName', o.flavour_name
  )
  from purchase_options o
  join products p on p.id = o.product_id
  left join rewards r on r.id = "redeems"."reward_id"
  where o.option_id = "redeems"."option_id"
)`;
