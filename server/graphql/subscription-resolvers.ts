import { ownSubscription } from "../../app/lib/own-subscription.server.ts";
import type { Operation } from "../../domain/shared/operation.ts";
import { cancelSubscription } from "../../domain/subscriptions/manage/cancel-subscription.ts";
import { listOwnSubscriptions, type OwnSubscription } from "../../domain/subscriptions/manage/list-own-subscriptions.ts";
import { moveRenewal } from "../../domain/subscriptions/manage/move-renewal.ts";
import { pauseSubscription } from "../../domain/subscriptions/manage/pause-subscription.ts";
import { resumeSubscription } from "../../domain/subscriptions/manage/resume-subscription.ts";
import { skipRenewal } from "../../domain/subscriptions/manage/skip-renewal.ts";
import { fromCents } from "../../kernel/money.ts";
import type { GraphQLContext } from "./context.ts";

/** A change the signed-in caller makes to one of their subscriptions, answered with the subscription it leaves. */
function subscriptionChange<Input extends { subscriptionId: string }>(operation: Operation<Input, unknown>) {
  return async (_: unknown, args: Input, ctx: GraphQLContext): Promise<OwnSubscription> => {
    const signedIn = await ctx.signedIn();
    await operation(signedIn, args);
    return ownSubscription(signedIn, args.subscriptionId);
  };
}

/** The member's own subscriptions and the changes they make to them (the same operations as /member/subscriptions). */
export const subscriptionResolvers = {
  Query: {
    subscriptions: async (_: unknown, _args: unknown, ctx: GraphQLContext): Promise<OwnSubscription[]> =>
      (await listOwnSubscriptions(await ctx.signedIn(), {})).subscriptions,
  },
  Mutation: {
    skipRenewal: subscriptionChange(skipRenewal),
    moveRenewal: subscriptionChange(moveRenewal),
    pauseSubscription: subscriptionChange(pauseSubscription),
    resumeSubscription: subscriptionChange(resumeSubscription),
    cancelSubscription: subscriptionChange(cancelSubscription),
  },
  MemberSubscription: {
    nextAmount: (subscription: OwnSubscription) =>
      subscription.nextAmountCents === null ? null : fromCents(subscription.nextAmountCents),
    cancelledAt: (subscription: OwnSubscription) => subscription.cancelledAt?.toISOString() ?? null,
  },
};
