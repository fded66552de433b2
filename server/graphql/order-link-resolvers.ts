import type { LoyalCustomerView } from "../../domain/loyalty/loyal-customer.ts";
import { requireDebugTools } from "../../domain/members/member-access.ts";
import type { LinkedCustomerView, LinkedOrderView } from "../../domain/members/member-view.ts";
import { AppError } from "../../domain/shared/app-error.ts";
import { fromCents } from "../../domain/shared/money.ts";
import type { GraphQLContext } from "./context.ts";
import type { MemberParent } from "./member-types.ts";

/** A signed-in caller acting on their own member; debug operations also need debug mode on. */
async function ownMember(ctx: GraphQLContext, memberId: string, debug: boolean) {
  if (debug) requireDebugTools(ctx.debugTools);
  const { viewer } = await ctx.caller.authenticate();
  await ctx.shop.members.requireOwn(viewer, memberId);
  return viewer;
}

async function debugViewer(ctx: GraphQLContext) {
  requireDebugTools(ctx.debugTools);
  return (await ctx.caller.authenticate()).viewer;
}

/** Claiming past orders (SPEC.md §7 linkOrderToMember) and the debug tools for orders, customer records and dummy orders. */
export const orderLinkResolvers = {
  Mutation: {
    linkOrderToMember: async (
      _: unknown,
      args: { memberId: string; invoiceId: string; mobile: string },
      ctx: GraphQLContext,
    ): Promise<MemberParent> => {
      await ownMember(ctx, args.memberId, false);
      await ctx.shop.orderLinks.link({ ...args, clientAddress: ctx.clientAddress });
      const member = await ctx.shop.members.summary(args.memberId);
      if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
      return member;
    },
    createDummyOrder: async (
      _: unknown,
      args: { memberId: string; meta: string },
      ctx: GraphQLContext,
    ): Promise<MemberParent> => {
      await ownMember(ctx, args.memberId, true);
      return ctx.shop.orderLinks.createDummyOrder(args.memberId, args.meta);
    },
    deleteDummyOrder: async (
      _: unknown,
      args: { memberId: string; orderId: string },
      ctx: GraphQLContext,
    ): Promise<MemberParent> => {
      await ownMember(ctx, args.memberId, true);
      return ctx.shop.orderLinks.deleteDummyOrder(args.memberId, args.orderId);
    },
    removeMemberIdFromOrderByEmail: async (_: unknown, args: { email: string }, ctx: GraphQLContext): Promise<LinkedOrderView> =>
      ctx.shop.orderLinks.removeMemberIdFromOrderByEmail(await debugViewer(ctx), args.email),
    removeMemberIdFromCustomerByEmail: async (
      _: unknown,
      args: { email: string },
      ctx: GraphQLContext,
    ): Promise<LinkedCustomerView> => ctx.shop.orderLinks.removeMemberIdFromCustomerByEmail(await debugViewer(ctx), args.email),
    createOrUpdateLoyalCustomer: async (_: unknown, args: { meta: string }, ctx: GraphQLContext): Promise<LoyalCustomerView> =>
      ctx.shop.orderLinks.createOrUpdateLoyalCustomer(await debugViewer(ctx), args.meta),
  },
  LoyalCustomer: {
    ltv: (customer: LoyalCustomerView) => fromCents(customer.ltvCents),
  },
};
