import { requireDebugTools, requireOwnMemberView } from "../../domain/members/member-access.ts";
import { AppError } from "../../domain/shared/app-error.ts";
import { parseCognitoData } from "./cognito-data.ts";
import type { GraphQLContext } from "./context.ts";
import type { MemberParent } from "./member-types.ts";

type MemberIdArgs = { memberId: string };

function cognitoDataOf(raw: string, ctx: GraphQLContext) {
  // Only the size is logged: cognitoData may hold an access token, and JSON.parse quotes its input.
  return parseCognitoData(raw, () => ctx.logger.warn({ length: raw.length }, "malformed cognitoData: read as {}"));
}

/** Debug operations: debug mode on (with it off they do not exist for anyone), a signed-in caller, their own member. */
async function debugTarget(ctx: GraphQLContext, memberId: string): Promise<void> {
  requireDebugTools(ctx.debugTools);
  const { viewer } = await ctx.caller.authenticate();
  await ctx.shop.members.requireOwn(viewer, memberId);
}

/** The member operations of SPEC.md §7: parse, authenticate, call one use case. */
export const memberResolvers = {
  Query: {
    getMemberByEmailAndProviderTypeFast: async (
      _: unknown,
      args: { email: string; providerType: string },
      ctx: GraphQLContext,
    ): Promise<MemberParent | null> => {
      const { viewer } = await ctx.caller.authenticate();
      const member = await ctx.shop.members.findSummaryByEmailAndProvider(args.email, args.providerType);
      return member && requireOwnMemberView(viewer, member);
    },
  },
  Mutation: {
    getOrCreateMember: async (_: unknown, args: { cognitoData: string }, ctx: GraphQLContext): Promise<MemberParent> => {
      const { identity, session } = await ctx.caller.authenticate();
      const data = cognitoDataOf(args.cognitoData, ctx);
      if (identity) {
        const { member } = await ctx.shop.members.getOrCreate(identity, data);
        return member;
      }
      // A browser session exists only for a member made at sign-in.
      const member = session ? await ctx.shop.members.view(session.memberId) : null;
      if (!member) throw new AppError("UNAUTHENTICATED", "Your sign-in has expired or is not valid. Please sign in again.");
      return member;
    },
    linkMember: async (
      _: unknown,
      args: { currentMemberId: string; cognitoData: string },
      ctx: GraphQLContext,
    ): Promise<MemberParent> => {
      const { viewer } = await ctx.caller.authenticate();
      await ctx.shop.members.requireOwn(viewer, args.currentMemberId);
      const { accessToken } = cognitoDataOf(args.cognitoData, ctx);
      if (!accessToken) {
        throw new AppError("BAD_USER_INPUT", "cognitoData must carry the access token of the account to link as accessToken.");
      }
      const second = await ctx.caller.identityOfOtherToken(accessToken);
      return ctx.shop.members.linkIdentity(args.currentMemberId, second);
    },
    unlinkMember: async (_: unknown, args: MemberIdArgs, ctx: GraphQLContext): Promise<MemberParent> => {
      await debugTarget(ctx, args.memberId);
      return ctx.shop.members.unlink(args.memberId);
    },
    deleteMember: async (_: unknown, args: MemberIdArgs, ctx: GraphQLContext): Promise<{ email: string }> => {
      await debugTarget(ctx, args.memberId);
      return ctx.shop.members.delete(args.memberId);
    },
    resetMembership: async (_: unknown, args: MemberIdArgs, ctx: GraphQLContext): Promise<MemberParent> => {
      await debugTarget(ctx, args.memberId);
      return ctx.shop.members.resetMembership(args.memberId);
    },
  },
};
