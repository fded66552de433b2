import type { MethodSales } from "../../../domain/reports/sales-by-method.ts";
import type { DaySales, GroupSales, SalesFigures } from "../../../domain/reports/sales-figures.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { Stat } from "./admin-parts.tsx";
import { type Column, DataTable } from "./data-table.tsx";

const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents));

/** The columns every sales table shares, after the one naming the row. */
function figureColumns<Row extends SalesFigures>(shipping?: (row: Row) => number): Column<Row>[] {
  return [
    { heading: "Orders", cell: (row) => formatNumber(row.orders), numeric: true },
    { heading: "Units", cell: (row) => formatNumber(row.units), numeric: true },
    { heading: "Gross", cell: (row) => money(row.grossCents), numeric: true },
    { heading: "Discounts", cell: (row) => money(row.discountCents), numeric: true },
    ...(shipping ? [{ heading: "Shipping", cell: (row: Row) => money(shipping(row)), numeric: true }] : []),
    { heading: "Refunds", cell: (row) => money(row.refundCents), numeric: true },
    { heading: "Net", cell: (row) => money(row.netCents), numeric: true, className: "font-semibold" },
    { heading: "GST in net", cell: (row) => money(row.gstCents), numeric: true },
  ];
}

/** Sales by Singapore day, with the range's totals last. */
export function SalesByDay({ days, totals, range }: { days: DaySales[]; totals: DaySales; range: string }) {
  return (
    <DataTable
      caption={`Sales by day, ${range}`}
      label="Sales by day"
      minWidth="widest"
      dense
      rows={[...days, totals]}
      rowKey={(row) => row.day || "total"}
      empty="No days in the range."
      columns={[
        {
          heading: "Day",
          cell: (row) => (row.day ? formatCalendarDate(row.day) : "Total"),
          rowHeader: true,
          className: "whitespace-nowrap",
        },
        ...figureColumns<DaySales>((row) => row.shippingCents),
      ]}
    />
  );
}

/** Sales by series or by product over the range. */
export function SalesByGroup({
  title,
  rows,
  range,
  product,
}: {
  title: string;
  rows: GroupSales[];
  range: string;
  product: boolean;
}) {
  return (
    <DataTable
      caption={`${title}, ${range}`}
      label={title}
      minWidth="widest"
      dense
      rows={rows}
      rowKey={(row) => row.key}
      empty="No sales in the range."
      columns={[
        {
          heading: product ? "Product" : "Series",
          cell: (row) => (
            <>
              {row.name}
              {product && <span className="block text-xs text-muted">{row.series}</span>}
            </>
          ),
          rowHeader: true,
        },
        ...figureColumns<GroupSales>(),
      ]}
    />
  );
}

/** The orders of the range by way of payment: how many, what they paid and what was refunded. */
export function SalesByMethod({ rows, range }: { rows: MethodSales[]; range: string }) {
  return (
    <DataTable
      caption={`Orders by payment method, ${range}`}
      label="Orders by payment method"
      minWidth="phone"
      dense
      rows={rows}
      rowKey={(row) => row.method}
      empty="No sales in the range."
      columns={[
        { heading: "Paid by", cell: (row) => row.method, rowHeader: true },
        { heading: "Orders", cell: (row) => formatNumber(row.orders), numeric: true },
        { heading: "Paid", cell: (row) => formatMoney(row.paidCents), numeric: true },
        { heading: "Refunded", cell: (row) => formatMoney(row.refundedCents), numeric: true },
      ]}
    />
  );
}

/** The range's totals at a glance, before the tables: what a phone shows without scrolling sideways. */
export function SalesTotals({ totals }: { totals: DaySales }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Stat label="Orders" value={formatNumber(totals.orders)} />
      <Stat label="Refunds" value={money(totals.refundCents)} />
      <Stat label="Net, with shipping" value={money(totals.netCents)} />
      <Stat label="GST in net" value={money(totals.gstCents)} />
    </dl>
  );
}
