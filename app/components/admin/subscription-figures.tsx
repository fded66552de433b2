import type { getSubscriptionReport } from "../../../domain/reports/subscription-report.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { Section, Stat } from "./admin-parts.tsx";
import { DataTable } from "./data-table.tsx";

export type SubscriptionReport = Awaited<ReturnType<typeof getSubscriptionReport>>;

/**
 * Subscriptions at a glance: who subscribes now, what renewals brought in and how many started and
 * ended over the days (with the reasons given), and the units the warehouse needs over the coming days (UNITS_DUE_DAYS).
 * With `byDay`, the days one by one too.
 */
export function SubscriptionFigures({ report, byDay = false }: { report: SubscriptionReport; byDay?: boolean }) {
  const range = `${formatCalendarDate(report.from)} to ${formatCalendarDate(report.to)}`;
  const due = report.unitsDue;
  return (
    <Section id="subscriptions" title="Subscriptions">
      <dl className="grid gap-3 sm:grid-cols-4">
        <Stat label="Active subscribers" value={formatNumber(report.activeSubscribers)} />
        <Stat label="Active subscriptions" value={formatNumber(report.byStatus.active)} />
        <Stat label="Paused" value={formatNumber(report.byStatus.paused)} />
        <Stat label="Payment failed" value={formatNumber(report.byStatus.payment_failed)} />
        <Stat label={`Renewal revenue, ${range}`} value={formatMoney(report.totals.renewalRevenueCents)} />
        <Stat label="Renewal orders" value={formatNumber(report.totals.renewalOrders)} />
        <Stat label="Started" value={formatNumber(report.totals.started)} />
        <Stat label="Cancelled" value={formatNumber(report.totals.cancelled)} />
      </dl>
      {/* min-w-0: a grid cell otherwise grows to its table's width and widens the page on a phone. */}
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-2 font-bold text-brand-900">Why members cancelled</h3>
          <DataTable
            caption={`Why members cancelled, ${range}`}
            rows={report.cancelReasons}
            rowKey={(row) => row.reason}
            empty="Nobody cancelled."
            columns={[
              { heading: "Reason", cell: (row) => row.reason || "No reason given" },
              { heading: "Cancelled", numeric: true, cell: (row) => formatNumber(row.count) },
            ]}
          />
        </div>
        <div className="min-w-0">
          <h3 className="mb-2 font-bold text-brand-900">Units due in the next {due.days} days</h3>
          <DataTable
            caption={`Units due, ${formatCalendarDate(due.from)} to ${formatCalendarDate(due.to)}`}
            rows={due.skus}
            rowKey={(row) => row.skuId}
            empty="No renewals are due."
            columns={[
              {
                heading: "SKU",
                cell: (row) => (
                  <>
                    {row.skuId}
                    <span className="block text-muted">
                      {row.seriesName}, {row.flavourName}
                    </span>
                  </>
                ),
              },
              { heading: "Subscriptions", numeric: true, cell: (row) => formatNumber(row.subscriptions) },
              { heading: "Units", numeric: true, cell: (row) => formatNumber(row.units) },
            ]}
          />
        </div>
      </div>
      {byDay && (
        <DataTable
          caption={`Subscriptions by day, ${range}`}
          className="mt-4"
          rows={report.days}
          rowKey={(row) => row.day}
          empty="No days."
          columns={[
            { heading: "Day", cell: (row) => formatCalendarDate(row.day), className: "whitespace-nowrap" },
            { heading: "Renewal orders", numeric: true, cell: (row) => formatNumber(row.renewalOrders) },
            { heading: "Renewal revenue", numeric: true, cell: (row) => formatMoney(row.renewalRevenueCents) },
            { heading: "Started", numeric: true, cell: (row) => formatNumber(row.started) },
            { heading: "Cancelled", numeric: true, cell: (row) => formatNumber(row.cancelled) },
          ]}
        />
      )}
    </Section>
  );
}
