import type { z } from "zod";
import { deleteAllBonusPointTransactions } from "../../domain/loyalty/delete-all-bonus-point-transactions.ts";
import { deleteAllDummyOrderPointTransactions } from "../../domain/loyalty/delete-all-dummy-order-point-transactions.ts";
import { deleteAllEarnedPointTransactions } from "../../domain/loyalty/delete-all-earned-point-transactions.ts";
import { deleteAllRefundPointTransactions } from "../../domain/loyalty/delete-all-refund-point-transactions.ts";
import { createEarnPointTransaction, type EarnInput } from "../../domain/loyalty/earn-points.ts";
import { type RefundPointsInput, refundPointTransaction } from "../../domain/loyalty/refund-point-transaction.ts";
import type { GraphQLContext } from "./context.ts";
import type { MemberParent } from "./member-types.ts";

type MemberIdArgs = { memberId: string };

type DeleteAll = typeof deleteAllBonusPointTransactions;

function deleteAll(operation: DeleteAll) {
  return async (_: unknown, args: MemberIdArgs, ctx: GraphQLContext): Promise<MemberParent> =>
    operation(await ctx.signedIn(), args);
}

/** The points operations of SPEC.md §7: earning, the debug refund and the debug deletions by kind. */
export const pointsResolvers = {
  Mutation: {
    createEarnPointTransaction: async (_: unknown, args: z.input<typeof EarnInput>, ctx: GraphQLContext): Promise<MemberParent> =>
      (await createEarnPointTransaction(await ctx.signedIn(), args)).member,
    refundPointTransaction: async (
      _: unknown,
      args: z.input<typeof RefundPointsInput>,
      ctx: GraphQLContext,
    ): Promise<MemberParent> => (await refundPointTransaction(await ctx.signedIn(), args)).member,
    deleteAllEarnedPointTransactions: deleteAll(deleteAllEarnedPointTransactions),
    deleteAllRefundPointTransactions: deleteAll(deleteAllRefundPointTransactions),
    deleteAllBonusPointTransactions: deleteAll(deleteAllBonusPointTransactions),
    deleteAllDummyOrderPointTransactions: deleteAll(deleteAllDummyOrderPointTransactions),
  },
};
