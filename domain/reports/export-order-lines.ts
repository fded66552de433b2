import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { refunds } from "../../db/schema/refunds.ts";
import { AppError } from "../../kernel/app-error.ts";
import { orderPaymentLabel } from "../../kernel/payment-methods.ts";
import { rewardLinesByOrder } from "../loyalty/rewards/redeems/order-rewards.ts";
import { creditedBoxes } from "../orders/refunds/credited-boxes.ts";
import { OrderFilters, orderName, ordersMatching } from "../orders/staff/list-orders.ts";
import { staffHolding } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { chargedGstCents } from "./charged-gst.ts";

/** What one order adds up to, written once, on its first line. */
export type OrderTotals = {
  shippingCents: number;
  totalCents: number;
  gstCents: number | null;
  refundedCents: number;
  refundGstCents: number | null;
};

/** One line of an order for the accounts: a product bought, or a reward taken with points. */
export type OrderLineRow = {
  invoiceId: string;
  paidAt: Date;
  /** How the order was paid, in words ("PayNow", "Visa ·· 4242"). */
  paidBy: string;
  /** The delivery option chosen (null on orders from before there was a choice) and the window promised. */
  delivery: string | null;
  deliveryStart: string;
  deliveryEnd: string;
  status: string;
  customer: string;
  email: string;
  mobile: string;
  memberId: string | null;
  kind: "product" | "reward";
  product: string;
  flavour: string | null;
  option: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  lineTotalCents: number;
  gstCents: number | null;
  points: number | null;
  /** Boxes of the line that completed refunds credit. */
  refundedQuantity: number;
  order: OrderTotals | null;
};

/** The most orders one export carries: more would be held in memory whole while the file is written. */
export const ORDER_EXPORT_LIMIT = 10_000;

const declared = { access: staffHolding("orders"), input: OrderFilters };

/**
 * exportOrderLines: every line of the orders the list's filters match, newest first, rewards after
 * the bought lines, each order's totals on its first line only so that adding up a column never
 * counts an order twice. More than ORDER_EXPORT_LIMIT orders is refused, never cut short.
 */
export const exportOrderLines = defineOperation(declared, async function exportOrderLines(ctx, input): Promise<OrderLineRow[]> {
  const matching = () =>
    ctx.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
      .where(ordersMatching(input));
  const [counted] = await ctx.db.select({ orders: sql<number>`count(*)::int` }).from(
    matching()
      .limit(ORDER_EXPORT_LIMIT + 1)
      .as("matching"),
  );
  if ((counted?.orders ?? 0) > ORDER_EXPORT_LIMIT) {
    throw new AppError(
      "BAD_USER_INPUT",
      `More than ${ORDER_EXPORT_LIMIT.toLocaleString("en-SG")} orders match these filters: export a shorter range of dates at a time.`,
    );
  }
  const chosen = matching();
  const credited = creditedBoxes(ctx.db);
  const [lines, rewardsOf, refundRows] = await Promise.all([
    ctx.db
      .select({
        order: orders,
        customer: orderName,
        line: orderLines,
        refundedQuantity: sql<number>`coalesce(${credited.quantity}, 0)::int`,
      })
      .from(orders)
      .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .leftJoin(credited, and(eq(credited.orderId, orderLines.orderId), eq(credited.position, orderLines.position)))
      .where(inArray(orders.id, chosen))
      .orderBy(desc(orders.paidAt), desc(orders.id), asc(orderLines.position)),
    rewardLinesByOrder(ctx.db, chosen),
    ctx.db
      .select({ orderId: refunds.orderId, amountCents: refunds.amountCents })
      .from(refunds)
      .where(and(inArray(refunds.orderId, chosen), eq(refunds.status, "succeeded"))),
  ]);
  const supplier = ctx.settings.supplier;
  const refundsOf = Map.groupBy(refundRows, (refund) => refund.orderId);
  const rows: OrderLineRow[] = [];
  let previous: string | null = null;
  for (const [index, { order, customer, line, refundedQuantity }] of lines.entries()) {
    const common = {
      invoiceId: order.invoiceId,
      paidAt: order.paidAt,
      paidBy: orderPaymentLabel(order),
      delivery: order.deliveryOptionName,
      deliveryStart: order.deliveryStart,
      deliveryEnd: order.deliveryEnd,
      status: order.status,
      customer,
      email: order.email,
      mobile: order.mobile,
      memberId: order.memberId,
    };
    // Each refund's GST as its credit note states it.
    const refundGst = (refundsOf.get(order.id) ?? []).map((refund) =>
      chargedGstCents(supplier, refund.amountCents, order.paidAt),
    );
    rows.push({
      ...common,
      kind: "product",
      product: line.productName,
      flavour: line.flavourName,
      option: line.optionName,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      discountCents: line.discountCents,
      lineTotalCents: line.lineTotalCents,
      gstCents: chargedGstCents(supplier, line.lineTotalCents, order.paidAt),
      points: null,
      refundedQuantity: Number(refundedQuantity),
      order:
        previous === order.id
          ? null
          : {
              shippingCents: order.shippingCents,
              totalCents: order.priceCents,
              gstCents: chargedGstCents(supplier, order.priceCents, order.paidAt),
              refundedCents: order.refundedCents,
              refundGstCents: supplier.gstRegistrationNumber
                ? refundGst.reduce<number>((sum, cents) => sum + (cents ?? 0), 0)
                : null,
            },
    });
    previous = order.id;
    if (lines[index + 1]?.order.id === order.id) continue;
    for (const reward of rewardsOf.get(order.id) ?? []) {
      rows.push({
        ...common,
        kind: "reward",
        product: reward.productName,
        flavour: reward.flavourName,
        option: reward.optionName,
        quantity: reward.quantity,
        unitPriceCents: 0,
        discountCents: 0,
        lineTotalCents: 0,
        gstCents: null,
        points: reward.pointsTotal,
        refundedQuantity: 0,
        order: null,
      });
    }
  }
  return rows;
});
