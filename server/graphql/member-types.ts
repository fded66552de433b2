import { dummyOrderAsOrder } from "../../domain/debug/dummy-order-as-order.ts";
import { getPointsExpiry } from "../../domain/loyalty/expiry/get-points-expiry.ts";
import type { MemberSummary } from "../../domain/members/load-member.ts";
import { loadMemberLists, type MemberListName, type MemberLists } from "../../domain/members/member-lists.ts";
import type { LinkedCustomerView, LinkedOrderView, PointTransactionView } from "../../domain/members/member-view.ts";
import { loadPointHistoryPage, type PointHistoryPagingInput } from "../../domain/members/point-history.ts";
import { getMemberReferrals } from "../../domain/referrals/get-member-referrals.ts";
import { fromCents } from "../../kernel/money.ts";
import type { GraphQLContext } from "./context.ts";
import { jsonScalar } from "./json-scalar.ts";

/** A member as resolvers pass it on: the nested lists already loaded, or loaded when a query asks for them. */
export type MemberParent = MemberSummary & Partial<MemberLists>;

const epochSeconds = (at: Date) => at.getTime() / 1000;
const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/** A list the parent did not bring is loaded now: the operation that returned the member checked it is the caller's. */
function list<K extends MemberListName>(name: K) {
  return async (member: MemberParent, _args: unknown, ctx: GraphQLContext): Promise<MemberLists[K]> =>
    (member[name] as MemberLists[K] | undefined) ?? (await loadMemberLists(ctx.operations, member.id, [name]))[name];
}

/** A page of point history: the first page the parent brought serves the field asked for without arguments. */
async function pointHistory(member: MemberParent, paging: PointHistoryPagingInput, ctx: GraphQLContext) {
  const firstPage = paging.first == null && paging.before == null;
  if (firstPage && member.pointTransactions) return member.pointTransactions;
  return (await loadPointHistoryPage(ctx.operations, member.id, paging)).entries;
}

const timestamps = {
  createdAt: (row: { createdAt: Date }) => iso(row.createdAt),
  updatedAt: (row: { updatedAt: Date }) => iso(row.updatedAt),
};

/** How the domain's member views answer the fields of the member types in schema.graphql. */
export const memberTypeResolvers = {
  JSON: jsonScalar,
  Member: {
    totalSpent: (member: MemberParent) => fromCents(member.totalSpentCents),
    membershipStartTimestamp: (member: MemberParent) => epochSeconds(member.membershipStartAt),
    goldStartTimestamp: (member: MemberParent) => (member.goldStartAt ? epochSeconds(member.goldStartAt) : null),
    ...timestamps,
    pointTransactions: (member: MemberParent, paging: PointHistoryPagingInput, ctx: GraphQLContext) =>
      pointHistory(member, paging, ctx),
    pointTransactionsPage: (member: MemberParent, paging: PointHistoryPagingInput, ctx: GraphQLContext) =>
      loadPointHistoryPage(ctx.operations, member.id, paging),
    redeems: list("redeems"),
    linkedCustomers: list("linkedCustomers"),
    linkedOrders: list("linkedOrders"),
    dummyOrders: async (member: MemberParent, args: unknown, ctx: GraphQLContext) =>
      (await list("dummyOrders")(member, args, ctx)).map((order) => dummyOrderAsOrder(order, ctx.operations.settings.env)),
    pointsExpiring: async (member: MemberParent, _args: unknown, ctx: GraphQLContext) => {
      const expiry = await getPointsExpiry(await ctx.signedIn(), { memberId: member.id });
      return expiry && { points: expiry.points, expiresOn: expiry.expiresOn };
    },
    referral: async (member: MemberParent, _args: unknown, ctx: GraphQLContext) => {
      const operations = await ctx.signedIn();
      const view = await getMemberReferrals(operations, { memberId: member.id });
      return view.code && view.path && { code: view.code, link: `${operations.settings.publicUrl}${view.path}` };
    },
    referrals: async (member: MemberParent, _args: unknown, ctx: GraphQLContext) => {
      const view = await getMemberReferrals(await ctx.signedIn(), { memberId: member.id });
      return view.referrals.map((referral) => ({ ...referral, createdAt: referral.createdAt.toISOString() }));
    },
  },
  PointTransaction: {
    transactionTimestamp: (entry: PointTransactionView) => epochSeconds(entry.transactionAt),
    spent: (entry: PointTransactionView) => fromCents(entry.spentCents),
    ...timestamps,
  },
  Redeem: timestamps,
  LinkedCustomer: {
    customerStripeID: (customer: LinkedCustomerView) => customer.customerStripeId,
    firstPurchasedOn: (customer: LinkedCustomerView) => isoOrNull(customer.firstPurchasedOn),
    ...timestamps,
  },
  Order: {
    price: (order: LinkedOrderView) => fromCents(order.priceCents),
    deliveryDate: (order: LinkedOrderView) => order.deliveryEnd,
    paidAt: (order: LinkedOrderView) => iso(order.paidAt),
    timestamp: (order: LinkedOrderView) => epochSeconds(order.paidAt),
    linkedAt: (order: LinkedOrderView) => isoOrNull(order.linkedAt),
    ...timestamps,
  },
};
