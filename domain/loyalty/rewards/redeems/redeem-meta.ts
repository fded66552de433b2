import { z } from "zod";
import { optionIdInput } from "../../../bag/held-bag.ts";
import { quantityInput } from "../../../bag/quantity.ts";
import { optional, required } from "../../../shared/input.ts";

const NAME_THE_OPTION = 'meta must name the option to take as "optionId", e.g. {"optionId":"op-l4_yc-1b"}.';
const GIVE_THE_QUANTITY = 'meta must give the new quantity, e.g. {"quantity":2}; remove the reward to take it out.';
const REWARD_ID = "rewardId must be a reward's id, e.g. nectar-box-4.";

/** addRedeemToBag's meta (SPEC.md §3): optionId (required), quantity (1 to 99, default 1), rewardId (optional). */
export const AddRedeemMeta = z.object({
  optionId: required(optionIdInput, NAME_THE_OPTION, { emptyIsAbsent: true }),
  quantity: optional(quantityInput).transform((quantity) => quantity ?? 1),
  rewardId: optional(z.string({ error: REWARD_ID }), { emptyIsAbsent: true }),
});

/** updateRedeemFromBag's meta: the quantity the redeem should now have, 1 to 99. */
export const UpdateRedeemMeta = z.object({ quantity: required(quantityInput, GIVE_THE_QUANTITY) });
