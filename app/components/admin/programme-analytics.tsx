import type { CustomerGroupFigures } from "../../../domain/dashboard/get-programme-analytics.ts";
import type { ReferralFigures } from "../../../domain/dashboard/referral-figures.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { ErrorMessage } from "./admin-form.tsx";
import { percent } from "./dashboard.tsx";
import { DataTable } from "./data-table.tsx";
import { DateRangeForm } from "./date-range-form.tsx";

export type ProgrammeAnalyticsData = {
  from: string;
  to: string;
  members: CustomerGroupFigures;
  guests: CustomerGroupFigures;
  pointsIssued: number;
  pointsRedeemed: number;
  redemptionRate: number | null;
  pointsExpired: number;
  referrals: ReferralFigures;
};

/** The figures, or why there are none: the range as typed comes back with the message. */
export type ProgrammeAnalyticsView =
  | { figures: ProgrammeAnalyticsData; error: null }
  | { figures: null; error: string; range: { from: string; to: string } };

const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents));

type GroupRow = { label: string; value: (group: CustomerGroupFigures) => string };

const GROUP_ROWS: GroupRow[] = [
  { label: "Customers who ordered", value: (group) => formatNumber(group.customers) },
  { label: "Orders", value: (group) => formatNumber(group.orders) },
  { label: "Customers with 2 or more orders", value: (group) => formatNumber(group.repeatCustomers) },
  { label: "Repeat-purchase rate", value: (group) => percent(group.repeatRate) },
  { label: "Sales (less refunds)", value: (group) => money(group.salesCents) },
  { label: "Average order (less refunds)", value: (group) => money(group.averageOrderCents) },
];

function Figures({ figures }: { figures: ProgrammeAnalyticsData }) {
  const days = `${formatCalendarDate(figures.from)} to ${formatCalendarDate(figures.to)}`;
  const points = [
    { label: "Points issued", value: formatNumber(figures.pointsIssued) },
    { label: "Points redeemed", value: formatNumber(figures.pointsRedeemed) },
    { label: "Redemption rate (redeemed ÷ issued)", value: percent(figures.redemptionRate) },
    { label: "Points expired (less those restored)", value: formatNumber(figures.pointsExpired) },
  ];
  const referrals = [
    { label: "Orders through a referral link", value: formatNumber(figures.referrals.orders) },
    { label: "Friends' first-order discounts", value: formatMoney(figures.referrals.discountCents) },
    { label: "Referral points credited", value: formatNumber(figures.referrals.pointsCredited) },
    { label: "Those points' value", value: formatMoney(figures.referrals.pointsCents) },
    { label: "Referrals' cost (discounts and points)", value: formatMoney(figures.referrals.costCents) },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <DataTable
        caption={`Members against guests (guests by email), ${days}`}
        label="Members against guests"
        columns={[
          { heading: "Figure", cell: (row) => row.label, rowHeader: true },
          { heading: "Members", cell: (row) => row.value(figures.members), numeric: true },
          { heading: "Guests", cell: (row) => row.value(figures.guests), numeric: true },
        ]}
        rows={GROUP_ROWS}
        rowKey={(row) => row.label}
        empty="No figures yet."
        minWidth="phone"
      />
      <DataTable
        caption={`Loyalty points, ${days}`}
        label="Loyalty points in the range"
        columns={[
          { heading: "Figure", cell: (row) => row.label, rowHeader: true },
          { heading: "Points", cell: (row) => row.value, numeric: true },
        ]}
        rows={points}
        rowKey={(row) => row.label}
        empty="No figures yet."
        minWidth="phone"
      />
      <DataTable
        caption={`Referrals, ${days}`}
        label="Referrals in the range"
        columns={[
          { heading: "Figure", cell: (row) => row.label, rowHeader: true },
          { heading: "Value", cell: (row) => row.value, numeric: true },
        ]}
        rows={referrals}
        rowKey={(row) => row.label}
        empty="No figures yet."
        minWidth="phone"
      />
    </div>
  );
}

/** The programme's results over days the merchant chooses; the range is in the address, so it can be shared. */
export function ProgrammeAnalytics({ view, maxDays }: { view: ProgrammeAnalyticsView; maxDays: number }) {
  const range = view.figures ?? view.range;
  return (
    <section aria-labelledby="analytics-heading" className="mt-8 space-y-4">
      <h2 id="analytics-heading" className="text-xl font-bold text-brand-900">
        Programme analytics
      </h2>
      <DateRangeForm idPrefix="analytics" range={range} maxDays={maxDays} />
      {view.figures ? <Figures figures={view.figures} /> : <ErrorMessage message={view.error} />}
    </section>
  );
}
