import { data } from "react-router";
import { MAX_RANGE_DAYS } from "../../../domain/dashboard/analytics-range.ts";
import { getSalesReport } from "../../../domain/reports/get-sales-report.ts";
import { getSubscriptionReport } from "../../../domain/reports/subscription-report.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { ErrorMessage } from "../../components/admin/admin-form.tsx";
import { CsvLink, PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
import { DateRangeForm } from "../../components/admin/date-range-form.tsx";
import { SalesByDay, SalesByGroup, SalesByMethod, SalesTotals } from "../../components/admin/sales-tables.tsx";
import { SubscriptionFigures } from "../../components/admin/subscription-figures.tsx";
import { expectedFailure } from "../../lib/action-result.server.ts";
import { requireStaffPage } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-reports";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Sales report"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const query = new URL(args.request.url).searchParams;
  const range = { from: query.get("from") ?? "", to: query.get("to") ?? "" };
  try {
    const [report, subscriptions] = await Promise.all([
      getSalesReport(operations, range),
      getSubscriptionReport(operations, range),
    ]);
    return { report, subscriptions, range, error: null };
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ report: null, subscriptions: null, range, error: message }, { status });
  }
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { report, subscriptions, error } = loaderData;
  const range = report ? { from: report.from, to: report.to } : loaderData.range;
  const days = report ? `${formatCalendarDate(report.from)} to ${formatCalendarDate(report.to)}` : "";
  return (
    <>
      <PageHeading
        title="Sales report"
        aside={report && <CsvLink href={`/admin/reports.csv?${new URLSearchParams({ from: report.from, to: report.to })}`} />}
      >
        Orders count on the Singapore day they were paid, with their refunds; orders cancelled before shipping are no sales.
        Prices include GST.
      </PageHeading>
      <DateRangeForm idPrefix="report" range={range} maxDays={MAX_RANGE_DAYS} className="mt-4" />
      {error && <ErrorMessage message={error} />}
      {report && (
        <>
          <Section id="totals" title={`Totals, ${days}`}>
            <SalesTotals totals={report.totals} />
          </Section>
          <Section id="by-day" title="By day">
            <SalesByDay days={report.days} totals={report.totals} range={days} />
          </Section>
          <Section id="by-delivery" title="By delivery option">
            <DataTable
              caption={`Orders by delivery option, ${days}`}
              rows={report.deliveries}
              rowKey={(row) => row.name}
              empty="No paid orders on these days."
              columns={[
                { heading: "Delivery", cell: (row) => row.name },
                { heading: "Orders", cell: (row) => formatNumber(row.orders) },
                { heading: "Shipping paid", cell: (row) => formatMoney(row.shippingCents) },
                { heading: "Net", cell: (row) => formatMoney(row.netCents) },
              ]}
            />
          </Section>
          <Section id="by-method" title="By payment method">
            <SalesByMethod rows={report.methods} range={days} />
          </Section>
          <Section id="by-series" title="By series">
            <SalesByGroup title="Sales by series" rows={report.series} range={days} product={false} />
          </Section>
          <Section id="by-product" title="By product">
            <p className="mb-3 text-sm text-muted">
              A product's refunds are the boxes refunds credit, at what was paid for them; money given back as an amount, and
              shipping, count in the days only.
            </p>
            <SalesByGroup title="Sales by product" rows={report.products} range={days} product />
          </Section>
        </>
      )}
      {subscriptions && (
        <>
          <SubscriptionFigures report={subscriptions} byDay />
          <p className="mt-3">
            <CsvLink
              href={`/admin/reports/subscriptions.csv?${new URLSearchParams({ from: subscriptions.from, to: subscriptions.to })}`}
            />
          </p>
        </>
      )}
    </>
  );
}
