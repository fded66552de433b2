import type { z } from "zod";
import { type CreateDummyOrderInput, createDummyOrder } from "../../domain/debug/create-dummy-order.ts";
import { type DeleteDummyOrderInput, deleteDummyOrder } from "../../domain/debug/delete-dummy-order.ts";
import { type LinkOrderInput, linkOrderToMember } from "../../domain/loyalty/order-points/link-order.ts";
import {
  createOrUpdateLoyalCustomer,
  type LoyalCustomerInput,
  type LoyalCustomerView,
} from "../../domain/loyalty/order-points/loyal-customer.ts";
import {
  removeMemberIdFromCustomerByEmail,
  type UnlinkCustomerInput,
} from "../../domain/loyalty/order-points/unlink-customer-by-email.ts";
import {
  removeMemberIdFromOrderByEmail,
  type UnlinkOrderInput,
} from "../../domain/loyalty/order-points/unlink-order-by-email.ts";
import type { LinkedCustomerView, LinkedOrderView } from "../../domain/members/member-view.ts";
import { fromCents } from "../../kernel/money.ts";
import type { GraphQLContext } from "./context.ts";
import type { MemberParent } from "./member-types.ts";

/** Claiming past orders (SPEC.md §7 linkOrderToMember) and the debug tools for orders, customer records and dummy orders. */
export const orderLinkResolvers = {
  Mutation: {
    linkOrderToMember: async (
      _: unknown,
      args: Omit<z.input<typeof LinkOrderInput>, "clientAddress">,
      ctx: GraphQLContext,
    ): Promise<MemberParent> => {
      const { member } = await linkOrderToMember(await ctx.signedIn(), { ...args, clientAddress: ctx.clientAddress });
      return member;
    },
    createDummyOrder: async (
      _: unknown,
      args: z.input<typeof CreateDummyOrderInput>,
      ctx: GraphQLContext,
    ): Promise<MemberParent> => createDummyOrder(await ctx.signedIn(), args),
    deleteDummyOrder: async (
      _: unknown,
      args: z.input<typeof DeleteDummyOrderInput>,
      ctx: GraphQLContext,
    ): Promise<MemberParent> => deleteDummyOrder(await ctx.signedIn(), args),
    removeMemberIdFromOrderByEmail: async (
      _: unknown,
      args: z.input<typeof UnlinkOrderInput>,
      ctx: GraphQLContext,
    ): Promise<LinkedOrderView> => removeMemberIdFromOrderByEmail(await ctx.signedIn(), args),
    removeMemberIdFromCustomerByEmail: async (
      _: unknown,
      args: z.input<typeof UnlinkCustomerInput>,
      ctx: GraphQLContext,
    ): Promise<LinkedCustomerView> => removeMemberIdFromCustomerByEmail(await ctx.signedIn(), args),
    createOrUpdateLoyalCustomer: async (
      _: unknown,
      args: z.input<typeof LoyalCustomerInput>,
      ctx: GraphQLContext,
    ): Promise<LoyalCustomerView> => createOrUpdateLoyalCustomer(await ctx.signedIn(), args),
  },
  LoyalCustomer: {
    ltv: (customer: LoyalCustomerView) => fromCents(customer.ltvCents),
  },
};
