import { exportOrderLines } from "../../../domain/reports/export-order-lines.ts";
import { formatSingaporeMobile } from "../../../kernel/singapore-mobile.ts";
import { singaporeDateTimeText } from "../../../kernel/singapore-time.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { csvDownload } from "../../lib/csv-download.server.ts";
import { orderFiltersOf } from "../../lib/order-filters.ts";
import type { Route } from "./+types/admin-orders-csv";

const dollars = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : (cents / 100).toFixed(2));

/**
 * The orders list, with the same filters, as a CSV file with one row per order line (rewards too);
 * an order's own figures (shipping, total, GST, refunds) on its first row only, so columns add up.
 */
export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const rows = await refusedAsPage(exportOrderLines(operations, orderFiltersOf(new URL(args.request.url).searchParams)));
  return csvDownload(
    "orders.csv",
    [
      "invoice",
      "paid (Singapore time)",
      "paid by",
      "delivery",
      "promised from",
      "promised to",
      "status",
      "customer",
      "email",
      "mobile",
      "member id",
      "line",
      "product",
      "flavour",
      "option",
      "quantity",
      "unit price SGD",
      "line discount SGD",
      "line total SGD",
      "line GST SGD",
      "reward points",
      "refunded quantity",
      "order shipping SGD",
      "order total SGD",
      "order GST SGD",
      "order refunded SGD",
      "refund GST SGD",
    ],
    rows.map((row) => [
      row.invoiceId,
      singaporeDateTimeText(row.paidAt).replace("T", " "),
      row.paidBy,
      row.delivery,
      row.deliveryStart,
      row.deliveryEnd,
      row.status,
      row.customer,
      row.email,
      formatSingaporeMobile(row.mobile),
      row.memberId,
      row.kind,
      row.product,
      row.flavour,
      row.option,
      row.quantity,
      dollars(row.unitPriceCents),
      dollars(row.discountCents),
      dollars(row.lineTotalCents),
      dollars(row.gstCents),
      row.points,
      row.refundedQuantity,
      dollars(row.order?.shippingCents),
      dollars(row.order?.totalCents),
      dollars(row.order?.gstCents),
      dollars(row.order?.refundedCents),
      dollars(row.order?.refundGstCents),
    ]),
  );
}
