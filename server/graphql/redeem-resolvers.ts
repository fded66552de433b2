import { addRedeemToBag } from "../../domain/loyalty/rewards/redeems/add-redeem-to-bag.ts";
import { removeRedeemFromBag } from "../../domain/loyalty/rewards/redeems/remove-redeem-from-bag.ts";
import { updateRedeemFromBag } from "../../domain/loyalty/rewards/redeems/update-redeem-from-bag.ts";
import { updateRedeemsOrderId } from "../../domain/loyalty/rewards/redeems/update-redeems-order-id.ts";
import { memberMutation } from "./member-mutation.ts";

/**
 * The redeem operations of SPEC.md §7: rewards into the bag, their quantity, out again, onto an
 * order. Each answers with the member afterwards (lists load when the query asks for them).
 */
export const redeemResolvers = {
  Mutation: {
    addRedeemToBag: memberMutation(addRedeemToBag),
    updateRedeemFromBag: memberMutation(updateRedeemFromBag),
    removeRedeemFromBag: memberMutation(removeRedeemFromBag),
    updateRedeemsOrderId: memberMutation(updateRedeemsOrderId),
  },
};
