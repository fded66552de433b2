import { deleteAllBonusPointTransactions } from "../../domain/debug/delete-all-bonus-point-transactions.ts";
import { deleteAllDummyOrderPointTransactions } from "../../domain/debug/delete-all-dummy-order-point-transactions.ts";
import { deleteAllEarnedPointTransactions } from "../../domain/debug/delete-all-earned-point-transactions.ts";
import { deleteAllRefundPointTransactions } from "../../domain/debug/delete-all-refund-point-transactions.ts";
import { createEarnPointTransaction } from "../../domain/loyalty/points/earn-points.ts";
import { refundPointTransaction } from "../../domain/loyalty/points/refund-point-transaction.ts";
import type { GraphQLContext } from "./context.ts";
import { memberMutation } from "./member-mutation.ts";
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
    createEarnPointTransaction: memberMutation(createEarnPointTransaction),
    refundPointTransaction: memberMutation(refundPointTransaction),
    deleteAllEarnedPointTransactions: deleteAll(deleteAllEarnedPointTransactions),
    deleteAllRefundPointTransactions: deleteAll(deleteAllRefundPointTransactions),
    deleteAllBonusPointTransactions: deleteAll(deleteAllBonusPointTransactions),
    deleteAllDummyOrderPointTransactions: deleteAll(deleteAllDummyOrderPointTransactions),
  },
};
