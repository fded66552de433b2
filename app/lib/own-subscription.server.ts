import type { OperationContext } from "../../domain/shared/context.ts";
import { listOwnSubscriptions, type OwnSubscription } from "../../domain/subscriptions/manage/list-own-subscriptions.ts";
import { NO_SUCH_SUBSCRIPTION } from "../../domain/subscriptions/manage/subscription-holder.ts";
import { AppError } from "../../kernel/app-error.ts";

/** One of the signed-in member's subscriptions as they manage it, read again after a change to it. */
export async function ownSubscription(ctx: OperationContext, subscriptionId: string): Promise<OwnSubscription> {
  const found = (await listOwnSubscriptions(ctx, {})).subscriptions.find((item) => item.id === subscriptionId);
  if (!found) throw new AppError("NOT_FOUND", NO_SUCH_SUBSCRIPTION);
  return found;
}
