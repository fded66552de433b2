import { and, eq, sql } from "drizzle-orm";
import { products, purchaseOptions, series } from "../../db/schema/catalog.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { DAY_MS, singaporeDate, singaporeDayStart } from "../../kernel/singapore-time.ts";
import { ProgrammeAnalyticsInput, rangeOf } from "../dashboard/get-programme-analytics.ts";
import { ordersPaid, paidDay } from "../dashboard/order-figures.ts";
import { creditedBoxes } from "../orders/refunds/credited-boxes.ts";
import { staffHolding } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { defineOperation } from "../shared/operation.ts";
import { chargedGstCents } from "./charged-gst.ts";
import { deliveryFigures } from "./delivery-figures.ts";
import { salesByMethod } from "./sales-by-method.ts";
import { addSales, type DaySales, type GroupSales, NO_SALES, type SalesFigures } from "./sales-figures.ts";

export const SalesReportInput = ProgrammeAnalyticsInput;

/**
 * The lines' figures by day and product, by day and series, and by day, in one grouping-sets query.
 * A line's refund is what the shopper paid for the boxes refunds credit (refund-plan's paidFor rule);
 * money refunded as an amount, not as boxes, counts in the days' refunds only.
 */
async function lineFigures(ctx: OperationContext, since: Date, until: Date) {
  const credited = creditedBoxes(ctx.db);
  const sold = ctx.db
    .select({
      day: sql<string>`${paidDay}`.as("day"),
      seriesCode: sql<string>`coalesce(${series.code}, '')`.as("series_code"),
      seriesName: sql<string>`coalesce(${series.name}, 'Not in the catalogue')`.as("series_name"),
      productKey: sql<string>`coalesce(${products.id}, ${orderLines.productName})`.as("product_key"),
      productName: sql<string>`coalesce(${products.name}, ${orderLines.productName})`.as("product_name"),
      orderId: sql<string>`${orders.id}`.as("sold_order_id"),
      units: sql<number>`${orderLines.quantity}`.as("units"),
      grossCents: sql<number>`${orderLines.quantity} * ${orderLines.unitPriceCents}`.as("gross_cents"),
      discountCents: sql<number>`${orderLines.discountCents}`.as("discount_cents"),
      refundCents:
        sql<number>`coalesce(round(${orderLines.lineTotalCents}::numeric * ${credited.quantity} / ${orderLines.quantity}), 0)`.as(
          "refund_cents",
        ),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(credited, and(eq(credited.orderId, orderLines.orderId), eq(credited.position, orderLines.position)))
    .leftJoin(purchaseOptions, eq(purchaseOptions.optionId, orderLines.optionId))
    .leftJoin(products, eq(products.id, purchaseOptions.productId))
    .leftJoin(series, eq(series.code, products.seriesCode))
    .where(ordersPaid(since, until))
    .as("sold");
  return ctx.db
    .select({
      day: sold.day,
      seriesCode: sold.seriesCode,
      seriesName: sold.seriesName,
      productKey: sold.productKey,
      productName: sold.productName,
      level: sql<number>`grouping(${sold.seriesCode}, ${sold.productKey})`,
      orders: sql<number>`count(distinct ${sold.orderId})::int`,
      units: sql<number>`sum(${sold.units})::int`,
      grossCents: sql<number>`sum(${sold.grossCents})::bigint`,
      discountCents: sql<number>`sum(${sold.discountCents})::bigint`,
      refundCents: sql<number>`sum(${sold.refundCents})::bigint`,
    })
    .from(sold)
    .groupBy(
      sql`grouping sets ((${sold.day}, ${sold.seriesCode}, ${sold.seriesName}, ${sold.productKey}, ${sold.productName}), (${sold.day}, ${sold.seriesCode}, ${sold.seriesName}), (${sold.day}))`,
    );
}

/** Each day's orders, shipping and refunds (every refund of the order, boxes or amount). */
function orderFigures(ctx: OperationContext, since: Date, until: Date) {
  return ctx.db
    .select({
      day: paidDay,
      orders: sql<number>`count(*)::int`,
      shippingCents: sql<number>`sum(${orders.shippingCents})::bigint`,
      refundCents: sql<number>`sum(${orders.refundedCents})::bigint`,
    })
    .from(orders)
    .where(ordersPaid(since, until))
    .groupBy(sql`1`);
}

type LineRow = Awaited<ReturnType<typeof lineFigures>>[number];

function figuresOf(ctx: OperationContext, row: LineRow, extra = { shippingCents: 0, refundCents: Number(row.refundCents) }) {
  const netCents = Number(row.grossCents) - Number(row.discountCents) + extra.shippingCents - extra.refundCents;
  return {
    orders: row.orders,
    units: row.units,
    grossCents: Number(row.grossCents),
    discountCents: Number(row.discountCents),
    refundCents: extra.refundCents,
    netCents,
    gstCents: chargedGstCents(ctx.settings.supplier, netCents, singaporeDayStart(row.day) as Date),
  } satisfies SalesFigures;
}

/** Cells of the same group on different days, added up, largest net first. */
function rollUp(cells: { key: string; name: string; series: string; figures: SalesFigures }[]): GroupSales[] {
  const groups = new Map<string, GroupSales>();
  for (const cell of cells) {
    const sum = groups.get(cell.key) ?? { key: cell.key, name: cell.name, series: cell.series, ...NO_SALES };
    groups.set(cell.key, addSales(sum, cell.figures));
  }
  return [...groups.values()].sort((a, b) => b.netCents - a.netCents || a.name.localeCompare(b.name));
}

const declared = { access: staffHolding("orders"), input: SalesReportInput };

/**
 * getSalesReport: sales over chosen Singapore days (the last 30 by default) by day, series and
 * product, the orders by delivery option and by way of payment: orders, units, gross, discounts, refunds, net and GST. Orders count on the day they were
 * paid, with their refunds; orders cancelled before shipping are no sales.
 */
export const getSalesReport = defineOperation(declared, async function getSalesReport(ctx, input) {
  const { from, to, since, until } = rangeOf(ctx.now(), input);
  const [lines, perDay, deliveries, methods] = await Promise.all([
    lineFigures(ctx, since, until),
    orderFigures(ctx, since, until),
    deliveryFigures(ctx, since, until),
    salesByMethod(ctx, since, until),
  ]);
  const dayLines = new Map(lines.filter((row) => Number(row.level) === 3).map((row) => [row.day, row]));
  const dayCount = Math.round((until.getTime() - since.getTime()) / DAY_MS);
  const days: DaySales[] = Array.from({ length: dayCount }, (_, index) => {
    const day = singaporeDate(since.getTime() + index * DAY_MS);
    const line = dayLines.get(day);
    const order = perDay.find((row) => row.day === day);
    if (!line || !order) return { day, shippingCents: 0, ...NO_SALES };
    const shippingCents = Number(order.shippingCents);
    return { day, shippingCents, ...figuresOf(ctx, line, { shippingCents, refundCents: Number(order.refundCents) }) };
  });
  const totals = days.reduce((sum, day) => ({ ...addSales(sum, day), shippingCents: sum.shippingCents + day.shippingCents }), {
    day: "",
    shippingCents: 0,
    ...NO_SALES,
  });
  const seriesCells = lines.filter((row) => Number(row.level) === 1);
  const productCells = lines.filter((row) => Number(row.level) === 0);
  return {
    from,
    to,
    days,
    totals,
    deliveries,
    methods,
    series: rollUp(
      seriesCells.map((row) => ({
        key: row.seriesCode,
        name: row.seriesName,
        series: row.seriesName,
        figures: figuresOf(ctx, row),
      })),
    ),
    products: rollUp(
      productCells.map((row) => ({
        key: row.productKey,
        name: row.productName,
        series: row.seriesName,
        figures: figuresOf(ctx, row),
      })),
    ),
  };
});
