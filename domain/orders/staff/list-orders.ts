import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import { checkoutSessions } from "../../../db/schema/checkout.ts";
import { orders } from "../../../db/schema/orders.ts";
import { containing } from "../../../kernel/like-pattern.ts";
import { ORDER_STATUSES } from "../../../kernel/order-statuses.ts";
import { orderPaymentLabel } from "../../../kernel/payment-methods.ts";
import { singaporeDayEnd, singaporeDayStart } from "../../../kernel/singapore-time.ts";
import { staffHolding } from "../../shared/access.ts";
import { refuseReversedDays } from "../../shared/day-range.ts";
import { singaporeDay, text } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";

export const ORDER_PAGE_SIZE = 50;

const blankAsUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

export const OrderFilters = z.object({
  /** Invoice id, order id, email, mobile or the shipping name. */
  query: z.preprocess(blankAsUndefined, text(200).optional()),
  status: z.preprocess(blankAsUndefined, z.enum(ORDER_STATUSES, { error: "is not an order status" }).optional()),
  /** Singapore days, both included. */
  from: z.preprocess(blankAsUndefined, singaporeDay().optional()),
  to: z.preprocess(blankAsUndefined, singaporeDay().optional()),
  page: z.preprocess(blankAsUndefined, z.coerce.number({ error: "must be a number" }).int().min(1).max(10_000).default(1)),
});
export type OrderFilterInput = z.input<typeof OrderFilters>;

export type OrderListRow = {
  id: string;
  invoiceId: string;
  paidAt: Date;
  /** How it was paid, in words ("PayNow", "Visa ·· 4242"). */
  paidBy: string;
  name: string;
  email: string;
  mobile: string;
  priceCents: number;
  refundedCents: number;
  status: (typeof orders.$inferSelect)["status"];
  memberId: string | null;
};

/** The name the order was placed under (its checkout's shipping details), not its customer's latest. */
export const orderName = sql<string>`${checkoutSessions.shipping}->>'name'`;

function matching(query: string): SQL | undefined {
  const pattern = containing(query);
  return or(
    ilike(orders.invoiceId, pattern),
    ilike(orders.orderId, pattern),
    ilike(orders.email, pattern),
    ilike(orders.mobile, pattern),
    ilike(orderName, pattern),
  );
}

/**
 * The orders the filters match (placed orders only), as a condition on orders joined to their
 * checkout session; days that end before they start are refused.
 */
export function ordersMatching(input: z.output<typeof OrderFilters>): SQL | undefined {
  refuseReversedDays(input.from, input.to);
  return and(
    input.query ? matching(input.query) : undefined,
    input.status ? eq(orders.status, input.status) : undefined,
    input.from ? gte(orders.paidAt, singaporeDayStart(input.from) as Date) : undefined,
    input.to ? lt(orders.paidAt, singaporeDayEnd(input.to) as Date) : undefined,
    // Orders are made when paid; nothing else is an order to look after.
    sql`${orders.status} <> 'pending_payment'`,
  );
}

function selectOrders(ctx: { db: Database }, input: z.output<typeof OrderFilters>) {
  return ctx.db
    .select({
      id: orders.id,
      invoiceId: orders.invoiceId,
      paidAt: orders.paidAt,
      paymentMethod: orders.paymentMethod,
      cardBrand: orders.cardBrand,
      cardLast4: orders.cardLast4,
      cardWallet: orders.cardWallet,
      name: orderName,
      email: orders.email,
      mobile: orders.mobile,
      priceCents: orders.priceCents,
      refundedCents: orders.refundedCents,
      status: orders.status,
      memberId: orders.memberId,
    })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .where(ordersMatching(input))
    .orderBy(desc(orders.paidAt), desc(orders.id));
}

const listOrdersDeclared = { access: staffHolding("orders"), input: OrderFilters };

/** The orders list for staff: newest first, a page at a time, searched and filtered. */
export const listOrders = defineOperation(listOrdersDeclared, async function listOrders(ctx, input) {
  const selected = await selectOrders(ctx, input)
    .limit(ORDER_PAGE_SIZE + 1)
    .offset((input.page - 1) * ORDER_PAGE_SIZE);
  const rows: OrderListRow[] = selected.map(({ paymentMethod, cardBrand, cardLast4, cardWallet, ...row }) => ({
    ...row,
    paidBy: orderPaymentLabel({ paymentMethod, cardBrand, cardLast4, cardWallet }),
  }));
  return { orders: rows.slice(0, ORDER_PAGE_SIZE), hasMore: rows.length > ORDER_PAGE_SIZE, page: input.page };
});
