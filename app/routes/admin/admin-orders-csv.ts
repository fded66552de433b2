import { exportOrders } from "../../../domain/orders/staff/list-orders.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { csvDownload } from "../../lib/csv-download.server.ts";
import { orderFiltersOf } from "../../lib/order-filters.ts";
import type { Route } from "./+types/admin-orders-csv";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The orders list, with the same filters, as a CSV file. */
export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const orders = await refusedAsPage(exportOrders(operations, orderFiltersOf(new URL(args.request.url).searchParams)));
  return csvDownload(
    "orders.csv",
    ["invoice", "paid (Singapore time)", "name", "email", "mobile", "total SGD", "refunded SGD", "status", "member id"],
    orders.map((order) => [
      order.invoiceId,
      formatTimestamp(order.paidAt),
      order.name,
      order.email,
      order.mobile,
      dollars(order.priceCents),
      dollars(order.refundedCents),
      order.status,
      order.memberId,
    ]),
  );
}
