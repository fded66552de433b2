import { getSalesReport } from "../../../domain/reports/get-sales-report.ts";
import type { SalesFigures } from "../../../domain/reports/sales-figures.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { csvDownload } from "../../lib/csv-download.server.ts";
import type { Route } from "./+types/admin-reports-csv";

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

const figures = (row: SalesFigures, shippingCents: number | null) => [
  row.orders,
  row.units,
  dollars(row.grossCents),
  dollars(row.discountCents),
  dollars(shippingCents),
  dollars(row.refundCents),
  dollars(row.netCents),
  dollars(row.gstCents),
];

/**
 * The sales report's figures for the same days as a CSV file: the days and their total, then each
 * series and product, each delivery option and each way of paying.
 */
export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const query = new URL(args.request.url).searchParams;
  const report = await refusedAsPage(getSalesReport(operations, { from: query.get("from") ?? "", to: query.get("to") ?? "" }));
  return csvDownload(
    `sales-${report.from}-to-${report.to}.csv`,
    [
      "by",
      "day, series or product",
      "series",
      "orders",
      "units",
      "gross SGD",
      "discounts SGD",
      "shipping SGD",
      "refunds SGD",
      "net SGD",
      "GST SGD",
    ],
    [
      ...report.days.map((day) => ["day", day.day, null, ...figures(day, day.shippingCents)]),
      ["total", `${report.from} to ${report.to}`, null, ...figures(report.totals, report.totals.shippingCents)],
      ...report.series.map((row) => ["series", row.name, row.name, ...figures(row, null)]),
      ...report.products.map((row) => ["product", row.name, row.series, ...figures(row, null)]),
      ...report.deliveries.map((row) => {
        const { name, orders, shippingCents, netCents } = row;
        return ["delivery option", name, null, orders, null, null, null, dollars(shippingCents), null, dollars(netCents), null];
      }),
      ...report.methods.map((row) => {
        const { method, orders, paidCents, refundedCents } = row;
        const net = dollars(paidCents - refundedCents);
        return ["payment method", method, null, orders, null, null, null, null, dollars(refundedCents), net, null];
      }),
    ],
  );
}
