import type { z } from "zod";
import { type ResetMembershipInput, resetMembership } from "../../domain/loyalty/points/reset-membership.ts";
import { type SetGoldStartDateInput, setGoldStartDate } from "../../domain/loyalty/tiers/set-gold-start-date.ts";
import { type DeleteMemberInput, deleteMember } from "../../domain/members/delete-member.ts";
import {
  type GetMemberByEmailInput,
  getMemberByEmailAndProviderTypeFast,
} from "../../domain/members/get-member-by-email-and-provider-type-fast.ts";
import { getOrCreateMember } from "../../domain/members/joining/get-or-create-member.ts";
import { type LinkMemberInput, linkMember } from "../../domain/members/link-member.ts";
import { type UnlinkMemberInput, unlinkMember } from "../../domain/members/unlink-member.ts";
import type { GraphQLContext } from "./context.ts";
import { memberMutation } from "./member-mutation.ts";
import type { MemberParent } from "./member-types.ts";

/** The member operations of SPEC.md §7: each calls its operation as the authenticated caller. */
export const memberResolvers = {
  Query: {
    getMemberByEmailAndProviderTypeFast: async (
      _: unknown,
      args: z.input<typeof GetMemberByEmailInput>,
      ctx: GraphQLContext,
    ): Promise<MemberParent | null> => getMemberByEmailAndProviderTypeFast(await ctx.signedIn(), args),
  },
  Mutation: {
    getOrCreateMember: memberMutation(getOrCreateMember),
    linkMember: async (_: unknown, args: z.input<typeof LinkMemberInput>, ctx: GraphQLContext): Promise<MemberParent> =>
      linkMember(await ctx.signedIn(), args),
    unlinkMember: async (_: unknown, args: z.input<typeof UnlinkMemberInput>, ctx: GraphQLContext): Promise<MemberParent> =>
      unlinkMember(await ctx.signedIn(), args),
    deleteMember: async (_: unknown, args: z.input<typeof DeleteMemberInput>, ctx: GraphQLContext): Promise<{ email: string }> =>
      deleteMember(await ctx.signedIn(), args),
    resetMembership: async (_: unknown, args: z.input<typeof ResetMembershipInput>, ctx: GraphQLContext): Promise<MemberParent> =>
      resetMembership(await ctx.signedIn(), args),
    setGoldStartDate: async (
      _: unknown,
      args: z.input<typeof SetGoldStartDateInput>,
      ctx: GraphQLContext,
    ): Promise<MemberParent> => setGoldStartDate(await ctx.signedIn(), args),
  },
};
