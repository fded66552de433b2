import { asc, desc, eq } from "drizzle-orm";
import { dummyOrders } from "../../db/schema/debug.ts";
import { customers, orders } from "../../db/schema/orders.ts";
import { redeems } from "../../db/schema/rewards.ts";
import { formatTimestamp } from "../../kernel/format-timestamp.ts";
import type { MemberDeps } from "./member-deps.ts";
import { readMeta } from "./member-meta.ts";
import type { MemberView } from "./member-view.ts";
import { loadPointHistoryPage } from "./point-history.ts";

/** The columns of an order as a member's linked order (SPEC §3's order fields). */
export const LINKED_ORDER_COLUMNS = {
  id: orders.id,
  memberId: orders.memberId,
  originalMemberId: orders.originalMemberId,
  invoiceId: orders.invoiceId,
  orderId: orders.orderId,
  email: orders.email,
  mobile: orders.mobile,
  priceCents: orders.priceCents,
  refundedCents: orders.refundedCents,
  status: orders.status,
  env: orders.env,
  paidAt: orders.paidAt,
  deliveryStart: orders.deliveryStart,
  deliveryEnd: orders.deliveryEnd,
  s3Key: orders.s3Key,
  s3Url: orders.s3Url,
  linkedAt: orders.linkedAt,
  ver: orders.ver,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

export const MEMBER_LISTS = ["pointTransactions", "redeems", "linkedCustomers", "linkedOrders", "dummyOrders"] as const;
export type MemberListName = (typeof MEMBER_LISTS)[number];
export type MemberLists = Pick<MemberView, MemberListName>;

const loaders: { [K in MemberListName]: (deps: MemberDeps, memberId: string) => Promise<MemberView[K]> } = {
  // The first page only: a member's history grows without end (decision record 011).
  pointTransactions: async (deps, memberId) => (await loadPointHistoryPage(deps, memberId)).entries,
  redeems: async (deps, memberId) => {
    const rows = await deps.db
      .select()
      .from(redeems)
      .where(eq(redeems.memberId, memberId))
      .orderBy(desc(redeems.createdAt), desc(redeems.id));
    return rows.map((row) => ({
      ...row,
      // The meta clients read carries the option and quantity, whatever else was stored with it.
      meta: { ...readMeta(deps, memberId, `redeems[${row.id}].meta`, row.meta), optionId: row.optionId, quantity: row.quantity },
      formattedCreatedAt: formatTimestamp(row.createdAt),
      formattedUpdatedAt: formatTimestamp(row.updatedAt),
    }));
  },
  linkedCustomers: (deps, memberId) =>
    deps.db.select().from(customers).where(eq(customers.memberId, memberId)).orderBy(asc(customers.createdAt)),
  linkedOrders: async (deps, memberId) => {
    const rows = await deps.db
      .select(LINKED_ORDER_COLUMNS)
      .from(orders)
      .where(eq(orders.memberId, memberId))
      .orderBy(desc(orders.paidAt), desc(orders.id));
    return rows;
  },
  dummyOrders: (deps, memberId) =>
    deps.db
      .select()
      .from(dummyOrders)
      .where(eq(dummyOrders.memberId, memberId))
      .orderBy(desc(dummyOrders.orderedAt), desc(dummyOrders.id)),
};

/** The member's nested lists that were asked for, read side by side. */
export async function loadMemberLists<K extends MemberListName>(
  deps: MemberDeps,
  memberId: string,
  names: readonly K[],
): Promise<Pick<MemberLists, K>> {
  const values = await Promise.all(names.map((name) => loaders[name](deps, memberId)));
  return Object.fromEntries(names.map((name, index) => [name, values[index]])) as unknown as Pick<MemberLists, K>;
}
