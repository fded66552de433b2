import { setGoldStartDate } from "../../domain/loyalty/set-gold-start-date.ts";
import { deleteMember } from "../../domain/members/delete-member.ts";
import { getMemberByEmailAndProviderTypeFast } from "../../domain/members/get-member-by-email-and-provider-type-fast.ts";
import { getOrCreateMember } from "../../domain/members/get-or-create-member.ts";
import { linkMember } from "../../domain/members/link-member.ts";
import { resetMembership } from "../../domain/members/reset-membership.ts";
import { unlinkMember } from "../../domain/members/unlink-member.ts";
import type { GraphQLContext } from "./context.ts";
import type { MemberParent } from "./member-types.ts";

type MemberIdArgs = { memberId: string };

/** The member operations of SPEC.md §7: each calls its operation as the authenticated caller. */
export const memberResolvers = {
  Query: {
    getMemberByEmailAndProviderTypeFast: async (
      _: unknown,
      args: { email: string; providerType: string },
      ctx: GraphQLContext,
    ): Promise<MemberParent | null> => getMemberByEmailAndProviderTypeFast(await ctx.signedIn(), args),
  },
  Mutation: {
    getOrCreateMember: async (_: unknown, args: { cognitoData: string }, ctx: GraphQLContext): Promise<MemberParent> =>
      (await getOrCreateMember(await ctx.signedIn(), args)).member,
    linkMember: async (
      _: unknown,
      args: { currentMemberId: string; cognitoData: string },
      ctx: GraphQLContext,
    ): Promise<MemberParent> => linkMember(await ctx.signedIn(), args),
    unlinkMember: async (_: unknown, args: MemberIdArgs, ctx: GraphQLContext): Promise<MemberParent> =>
      unlinkMember(await ctx.signedIn(), args),
    deleteMember: async (_: unknown, args: MemberIdArgs, ctx: GraphQLContext): Promise<{ email: string }> =>
      deleteMember(await ctx.signedIn(), args),
    resetMembership: async (_: unknown, args: MemberIdArgs, ctx: GraphQLContext): Promise<MemberParent> =>
      resetMembership(await ctx.signedIn(), args),
    setGoldStartDate: async (
      _: unknown,
      args: { memberId: string; goldStartDate: string },
      ctx: GraphQLContext,
    ): Promise<MemberParent> => setGoldStartDate(await ctx.signedIn(), args),
  },
};
