import type { RedeemMetaInput } from "../../domain/loyalty/redeems/redeem-meta.ts";
import { AppError } from "../../domain/shared/app-error.ts";
import { parseJsonField } from "../../domain/shared/json-field.ts";
import type { GraphQLContext } from "./context.ts";
import type { MemberParent } from "./member-types.ts";

type RedeemRefArgs = { redeemId: string; memberId: string; pointTransactionId: string };

/** meta arrives as a JSON string, maybe double-encoded; malformed JSON, or JSON that is not an object, reads as {} and is logged. */
function metaOf(raw: string, ctx: GraphQLContext): RedeemMetaInput {
  const report = (error: string) => ctx.logger.warn({ raw: raw.slice(0, 200), error }, "malformed redeem meta: read as {}");
  const parsed = parseJsonField<unknown>(raw, {}, ({ error }) => report(error));
  if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as RedeemMetaInput;
  report("expected a JSON object");
  return {};
}

/** What every redeem operation answers: the member afterwards (lists load when the query asks for them). */
async function memberAfter(ctx: GraphQLContext, memberId: string): Promise<MemberParent> {
  const member = await ctx.shop.members.summary(memberId);
  if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
  return member;
}

/** The redeem operations of SPEC.md §7: rewards into the bag, their quantity, out again, onto an order. */
export const redeemResolvers = {
  Mutation: {
    addRedeemToBag: async (_: unknown, args: { memberId: string; meta: string }, ctx: GraphQLContext): Promise<MemberParent> => {
      const { viewer } = await ctx.caller.authenticate();
      await ctx.shop.rewards.addToBag(viewer, args.memberId, metaOf(args.meta, ctx));
      return memberAfter(ctx, args.memberId);
    },
    updateRedeemFromBag: async (
      _: unknown,
      args: RedeemRefArgs & { meta: string },
      ctx: GraphQLContext,
    ): Promise<MemberParent> => {
      const { viewer } = await ctx.caller.authenticate();
      const { meta, ...ref } = args;
      await ctx.shop.rewards.updateInBag(viewer, ref, metaOf(meta, ctx));
      return memberAfter(ctx, args.memberId);
    },
    removeRedeemFromBag: async (_: unknown, args: RedeemRefArgs, ctx: GraphQLContext): Promise<MemberParent> => {
      const { viewer } = await ctx.caller.authenticate();
      await ctx.shop.rewards.removeFromBag(viewer, args);
      return memberAfter(ctx, args.memberId);
    },
    updateRedeemsOrderId: async (
      _: unknown,
      args: { memberId: string; redeemIds: string[]; orderId: string },
      ctx: GraphQLContext,
    ): Promise<MemberParent> => {
      const { viewer } = await ctx.caller.authenticate();
      await ctx.shop.rewards.attachToOrder(viewer, args);
      return memberAfter(ctx, args.memberId);
    },
  },
};
