import type { DeletableGroup } from "../../domain/loyalty/delete-point-kinds.ts";
import { createEarnPointTransaction } from "../../domain/loyalty/earn-points.ts";
import { requireDebugTools } from "../../domain/members/member-access.ts";
import { parseJsonField } from "../../domain/shared/json-field.ts";
import type { GraphQLContext } from "./context.ts";
import type { MemberParent } from "./member-types.ts";

type MemberIdArgs = { memberId: string };
type MetaArgs = MemberIdArgs & { meta?: string | null };

/**
 * meta arrives as a JSON string (double-encoded is accepted). Malformed JSON, or JSON that is not an
 * object, counts as {} and is logged (SPEC.md §5); the use case then says what it misses.
 */
function metaOf(raw: string | null | undefined, ctx: GraphQLContext): Record<string, unknown> {
  const malformed = (error: string) => ctx.logger.warn({ length: raw?.length ?? 0, error }, "malformed meta: read as {}");
  const parsed = parseJsonField<unknown>(raw, {}, ({ error }) => malformed(error));
  if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  malformed("expected a JSON object");
  return {};
}

/** A signed-in caller acting on their own member; debug operations first need debug mode on. */
async function ownMember(ctx: GraphQLContext, memberId: string, debug: boolean): Promise<void> {
  if (debug) requireDebugTools(ctx.debugTools);
  const { viewer } = await ctx.caller.authenticate();
  await ctx.shop.members.requireOwn(viewer, memberId);
}

function deleteAll(group: DeletableGroup) {
  return async (_: unknown, args: MemberIdArgs, ctx: GraphQLContext): Promise<MemberParent> => {
    await ownMember(ctx, args.memberId, true);
    return ctx.shop.points.deleteGroup(args.memberId, group);
  };
}

/** The points operations of SPEC.md §7: earning, the debug refund and the debug deletions by kind. */
export const pointsResolvers = {
  Mutation: {
    createEarnPointTransaction: async (_: unknown, args: MetaArgs, ctx: GraphQLContext): Promise<MemberParent> => {
      const { member } = await createEarnPointTransaction(await ctx.signedIn(), args);
      return member;
    },
    refundPointTransaction: async (_: unknown, args: MetaArgs, ctx: GraphQLContext): Promise<MemberParent> => {
      await ownMember(ctx, args.memberId, true);
      const { member } = await ctx.shop.points.refundPoints(args.memberId, metaOf(args.meta, ctx));
      return member;
    },
    deleteAllEarnedPointTransactions: deleteAll("earned"),
    deleteAllRefundPointTransactions: deleteAll("refund"),
    deleteAllBonusPointTransactions: deleteAll("bonus"),
    deleteAllDummyOrderPointTransactions: deleteAll("dummy-order"),
  },
};
