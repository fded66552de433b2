import { Link } from "react-router";
import type { ProgrammeTerms } from "../../../domain/loyalty/programme/programme.ts";
import { formatPoints } from "../../../domain/loyalty/programme/programme-copy.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { Stat } from "./admin-parts.tsx";
import { DataTable } from "./data-table.tsx";

type Period = {
  key: string;
  label: string;
  salesCents: number;
  orders: number;
  averageOrderCents: number;
  newMembers: number;
  pointsIssued: number;
  pointsRedeemed: number;
  pointsExpired: number;
  redemptionRate: number | null;
};
type Day = { day: string; salesCents: number; orders: number };

export type DashboardData = {
  periods: Period[];
  days: Day[];
  tiers: { green: number; gold: number };
  outstandingPoints: number;
  pointValueCents: number;
  liabilityCents: number;
  expiringSoon: { days: number; members: number; points: number };
  programme: { version: number; effectiveAt: Date; terms: ProgrammeTerms };
};

/** The liability's value is shown for this many points: one point is worth a fraction of a cent. */
const POINTS_VALUED = 100;
export const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(1)}%`);

type Row = { label: string; value: (period: Period) => string };

const ROWS: Row[] = [
  { label: "Sales (less refunds)", value: (period) => formatMoney(period.salesCents) },
  { label: "Orders", value: (period) => formatNumber(period.orders) },
  { label: "Average order", value: (period) => formatMoney(period.averageOrderCents) },
  { label: "New members", value: (period) => formatNumber(period.newMembers) },
  { label: "Points issued", value: (period) => formatNumber(period.pointsIssued) },
  { label: "Points redeemed", value: (period) => formatNumber(period.pointsRedeemed) },
  { label: "Redemption rate", value: (period) => percent(period.redemptionRate) },
  { label: "Points expired", value: (period) => formatNumber(period.pointsExpired) },
];

/** Daily bars drawn on the server; the table beside it says the same for screen readers and keyboards. */
function BarChart({
  title,
  days,
  value,
  format,
}: {
  title: string;
  days: Day[];
  value: (day: Day) => number;
  format: (n: number) => string;
}) {
  const max = Math.max(1, ...days.map(value));
  const width = days.length * 10;
  const total = days.reduce((sum, day) => sum + value(day), 0);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="font-semibold text-brand-900">
        {title}: {format(total)} in {days.length} days
      </figcaption>
      <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" className="mt-3 h-32 w-full" aria-hidden="true">
        {days.map((day, index) => {
          const height = (value(day) / max) * 96;
          return <rect key={day.day} x={index * 10 + 1} y={100 - height} width={8} height={height} className="fill-brand-700" />;
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">Day by day</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title}, day by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="text-right">
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <td>{day.day}</td>
                <td className="text-right">{format(value(day))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function TierMix({ green, gold }: { green: number; gold: number }) {
  const all = Math.max(1, green + gold);
  const goldShare = gold / all;
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="font-semibold text-brand-900">
        Members by tier: {formatNumber(green)} green, {formatNumber(gold)} gold ({percent(goldShare)} gold)
      </figcaption>
      <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="mt-3 h-6 w-full" aria-hidden="true">
        <rect x={0} y={0} width={100 - goldShare * 100} height={10} className="fill-brand-700" />
        <rect x={100 - goldShare * 100} y={0} width={goldShare * 100} height={10} className="fill-amber-400" />
      </svg>
    </figure>
  );
}

/** Which version of the programme members earn under now, and its main numbers. */
function ProgrammeInForce({ version, effectiveAt, terms }: DashboardData["programme"]) {
  const since = effectiveAt.getTime() > 0 ? `, in force since ${formatDate(effectiveAt)}` : ", in force since the shop opened";
  return (
    <p className="rounded-lg border border-slate-200 bg-white p-4">
      <Link to="/admin/programme" className="font-semibold text-brand-800 underline">
        Loyalty programme version {version}
      </Link>
      {since}: {formatPoints(terms.orderPointsPerDollar)} per S$1, gold at {formatMoney(terms.goldThresholdCents)} for{" "}
      {formatNumber(terms.goldPointsMultiplier)}× points over {formatNumber(terms.goldLengthMonths)} months.
    </p>
  );
}

/** The figures a merchant looks at first: sales, orders and the programme's health, with charts. */
export function Dashboard({ data }: { data: DashboardData }) {
  return (
    <section aria-labelledby="dashboard-heading" className="mt-6 space-y-4">
      <h2 id="dashboard-heading" className="text-xl font-bold text-brand-900">
        At a glance
      </h2>
      <DataTable
        caption="Sales, orders and points by period, in Singapore days"
        label="Figures by period"
        columns={[
          { heading: "Figure", cell: (row) => row.label, rowHeader: true },
          ...data.periods.map((period) => ({ heading: period.label, cell: (row: Row) => row.value(period), numeric: true })),
        ]}
        rows={ROWS}
        rowKey={(row) => row.label}
        empty="No figures yet."
        minWidth="narrow"
      />
      <ProgrammeInForce {...data.programme} />
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Points outstanding (not expired)" value={formatNumber(data.outstandingPoints)} />
        <Stat label="Programme liability" value={formatMoney(data.liabilityCents)} />
        <Stat
          label="Value of a point (best reward)"
          value={`${formatMoney(Math.round(data.pointValueCents * POINTS_VALUED))} per ${POINTS_VALUED} points`}
        />
        <Stat
          label={`Points expiring in the next ${data.expiringSoon.days} days`}
          value={`${formatNumber(data.expiringSoon.points)} (${formatNumber(data.expiringSoon.members)} ${data.expiringSoon.members === 1 ? "member" : "members"})`}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <BarChart title="Daily sales" days={data.days} value={(day) => day.salesCents} format={formatMoney} />
        <BarChart title="Daily orders" days={data.days} value={(day) => day.orders} format={formatNumber} />
      </div>
      <TierMix {...data.tiers} />
    </section>
  );
}
