import type { z } from "zod";
import { type AddRedeemInput, addRedeemToBag } from "../../domain/loyalty/redeems/add-redeem-to-bag.ts";
import type { RedeemRefInput } from "../../domain/loyalty/redeems/redeem-ledger.ts";
import { removeRedeemFromBag } from "../../domain/loyalty/redeems/remove-redeem-from-bag.ts";
import { type UpdateRedeemInput, updateRedeemFromBag } from "../../domain/loyalty/redeems/update-redeem-from-bag.ts";
import { type AttachRedeemsInput, updateRedeemsOrderId } from "../../domain/loyalty/redeems/update-redeems-order-id.ts";
import type { GraphQLContext } from "./context.ts";
import type { MemberParent } from "./member-types.ts";

/**
 * The redeem operations of SPEC.md §7: rewards into the bag, their quantity, out again, onto an
 * order. Each answers with the member afterwards (lists load when the query asks for them).
 */
export const redeemResolvers = {
  Mutation: {
    addRedeemToBag: async (_: unknown, args: z.input<typeof AddRedeemInput>, ctx: GraphQLContext): Promise<MemberParent> =>
      (await addRedeemToBag(await ctx.signedIn(), args)).member,
    updateRedeemFromBag: async (
      _: unknown,
      args: z.input<typeof UpdateRedeemInput>,
      ctx: GraphQLContext,
    ): Promise<MemberParent> => (await updateRedeemFromBag(await ctx.signedIn(), args)).member,
    removeRedeemFromBag: async (_: unknown, args: z.input<typeof RedeemRefInput>, ctx: GraphQLContext): Promise<MemberParent> =>
      (await removeRedeemFromBag(await ctx.signedIn(), args)).member,
    updateRedeemsOrderId: async (
      _: unknown,
      args: z.input<typeof AttachRedeemsInput>,
      ctx: GraphQLContext,
    ): Promise<MemberParent> => (await updateRedeemsOrderId(await ctx.signedIn(), args)).member,
  },
};
