import { and, desc, eq, ilike, type SQL } from "drizzle-orm";
import { z } from "zod";
import { products, purchaseOptions } from "../../../db/schema/catalog.ts";
import { members } from "../../../db/schema/members.ts";
import { subscriptions } from "../../../db/schema/subscriptions.ts";
import { containing } from "../../../kernel/like-pattern.ts";
import { SUBSCRIPTION_STATUSES } from "../../../kernel/subscription-terms.ts";
import { staffHolding } from "../../shared/access.ts";
import { optional, text, wholeNumber } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";

export const SUBSCRIPTION_PAGE_SIZE = 50;

export const SubscriptionFilters = z.object({
  /** Text in the member's email. */
  query: optional(text(200), { emptyIsAbsent: true }),
  status: optional(z.enum(SUBSCRIPTION_STATUSES, { error: "is not a subscription status" }), { emptyIsAbsent: true }),
  page: optional(wholeNumber(1, 10_000), { emptyIsAbsent: true }),
});
export type SubscriptionFilterInput = z.input<typeof SubscriptionFilters>;

/** What the list shows of a subscription: whose, what, how often, where it stands. */
export const subscriptionSummary = {
  id: subscriptions.id,
  memberId: subscriptions.memberId,
  email: members.email,
  name: members.name,
  optionId: subscriptions.optionId,
  productName: products.name,
  optionName: purchaseOptions.optionName,
  flavourName: purchaseOptions.flavourName,
  quantity: subscriptions.quantity,
  cadenceWeeks: subscriptions.cadenceWeeks,
  status: subscriptions.status,
  nextRenewalOn: subscriptions.nextRenewalOn,
  pausedUntil: subscriptions.pausedUntil,
  discountPercent: subscriptions.discountPercent,
  createdAt: subscriptions.createdAt,
};

function matching(input: z.output<typeof SubscriptionFilters>): SQL | undefined {
  return and(
    input.query ? ilike(members.email, containing(input.query)) : undefined,
    input.status ? eq(subscriptions.status, input.status) : undefined,
  );
}

const declared = { access: staffHolding("subscriptions"), input: SubscriptionFilters };

/** The subscriptions list for staff: newest first, a page at a time, by status and the member's email. */
export const listSubscriptions = defineOperation(declared, async function listSubscriptions(ctx, input) {
  const page = input.page ?? 1;
  const rows = await ctx.db
    .select(subscriptionSummary)
    .from(subscriptions)
    .innerJoin(members, eq(members.id, subscriptions.memberId))
    .innerJoin(purchaseOptions, eq(purchaseOptions.optionId, subscriptions.optionId))
    .innerJoin(products, eq(products.id, purchaseOptions.productId))
    .where(matching(input))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(SUBSCRIPTION_PAGE_SIZE + 1)
    .offset((page - 1) * SUBSCRIPTION_PAGE_SIZE);
  return { subscriptions: rows.slice(0, SUBSCRIPTION_PAGE_SIZE), hasMore: rows.length > SUBSCRIPTION_PAGE_SIZE, page };
});
