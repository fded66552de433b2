import { getSubscriptionReport } from "../../../domain/reports/subscription-report.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { csvDownload } from "../../lib/csv-download.server.ts";
import type { Route } from "./+types/admin-reports-subscriptions-csv";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The subscription report for the same days as a CSV file: each day and the total, the reasons for
 * cancelling, then the units per SKU due over the coming days (UNITS_DUE_DAYS).
 */
export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const query = new URL(args.request.url).searchParams;
  const report = await refusedAsPage(
    getSubscriptionReport(operations, { from: query.get("from") ?? "", to: query.get("to") ?? "" }),
  );
  const { unitsDue } = report;
  return csvDownload(
    `subscriptions-${report.from}-to-${report.to}.csv`,
    ["by", "day, reason or SKU", "renewal orders", "renewal revenue SGD", "started", "cancelled", "units due"],
    [
      ...[...report.days, { ...report.totals, day: `${report.from} to ${report.to}` }].map((day, index) => [
        index < report.days.length ? "day" : "total",
        day.day,
        day.renewalOrders,
        dollars(day.renewalRevenueCents),
        day.started,
        day.cancelled,
        null,
      ]),
      ...report.cancelReasons.map((row) => ["cancel reason", row.reason || "(none given)", null, null, null, row.count, null]),
      ...unitsDue.skus.map((row) => [`due ${unitsDue.from} to ${unitsDue.to}`, row.skuId, null, null, null, null, row.units]),
    ],
  );
}
