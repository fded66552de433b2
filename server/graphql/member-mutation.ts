import type { Operation } from "../../domain/shared/operation.ts";
import type { GraphQLContext } from "./context.ts";
import type { MemberParent } from "./member-types.ts";

/** A mutation the signed-in caller runs with the arguments as sent, answered with the member it leaves. */
export function memberMutation<Input>(operation: Operation<Input, { member: MemberParent }>) {
  return async (_: unknown, args: Input, ctx: GraphQLContext): Promise<MemberParent> =>
    (await operation(await ctx.signedIn(), args)).member;
}
