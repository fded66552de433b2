import { Link } from "react-router";
import type { OrderMoney } from "../../../domain/orders/order-money.ts";
import type { RefundStatus } from "../../../domain/orders/refunds/refund-statuses.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { OrderMoneySummary } from "../order-totals.tsx";
import { LINK, Section, Stat } from "./admin-parts.tsx";
import { DataTable } from "./data-table.tsx";
import { RefundStatusBadge } from "./status-badge.tsx";

type Customer = { name: string; address: string; postalCode: string };
type Member = { id: string; name: string | null; email: string; status: string } | null;

/** What was bought: the lines at their price, rewards taken with points, the promotion and the totals. */
export function OrderItems({ money, promotionCode }: { money: OrderMoney; promotionCode: string | null }) {
  return (
    <Section id="items" title="Items, rewards and promotion">
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <OrderMoneySummary money={money} />
      </div>
      {promotionCode && <p className="mt-2">Promotion code: {promotionCode}</p>}
    </Section>
  );
}

export function OrderCustomer({
  customer,
  email,
  mobile,
  delivery,
  member,
}: {
  customer: Customer;
  email: string;
  mobile: string;
  delivery: string;
  member: Member;
}) {
  return (
    <Section id="shipping" title="Customer and shipping">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Stat label="Name" value={customer.name} />
        <Stat label="Email" value={email} />
        <Stat label="Mobile" value={mobile} />
        <Stat label="Address" value={`${customer.address}, Singapore ${customer.postalCode}`} />
        <Stat label="Delivery window" value={delivery} />
      </dl>
      <p className="mt-3">
        {member ? (
          <>
            Linked to member{" "}
            <Link to={`/admin/members/${encodeURIComponent(member.id)}`} className={LINK}>
              {member.name || member.email}
            </Link>{" "}
            ({member.status}).
          </>
        ) : (
          "A guest's order, not linked to a member."
        )}
      </p>
    </Section>
  );
}

export type RefundFact = {
  id: string;
  at: string;
  amount: string;
  lines: string[];
  reason: string;
  by: string;
  status: RefundStatus;
  /** The credit note's number and address once the refund has completed. */
  creditNote: { id: string; href: string } | null;
};

/** What was paid and given back: each refund with the lines it credits and its credit note. */
export function OrderPayment({
  paid,
  refunded,
  left,
  refunds,
}: {
  paid: string;
  refunded: string;
  left: string;
  refunds: RefundFact[];
}) {
  return (
    <Section id="payment" title="Payment and refunds">
      <p>
        Paid {paid}; refunded {refunded}, so {left} is left to refund.
      </p>
      <DataTable
        caption="Refunds of this order"
        className="mt-3"
        rows={refunds}
        rowKey={(refund) => refund.id}
        empty="Nothing has been refunded."
        columns={[
          {
            heading: "When and by whom",
            cell: (refund) => (
              <>
                <span className="block whitespace-nowrap">{refund.at}</span>
                <span className="block text-sm text-muted wrap-anywhere">{refund.by}</span>
              </>
            ),
          },
          { heading: "Amount", cell: (refund) => refund.amount },
          {
            heading: "Items",
            cell: (refund) => (refund.lines.length > 0 ? refund.lines.join("; ") : "An amount"),
            className: "min-w-48",
          },
          { heading: "Reason", cell: (refund) => refund.reason, className: "min-w-36" },
          { heading: "Status", cell: (refund) => <RefundStatusBadge status={refund.status} /> },
          {
            heading: "Credit note",
            className: "whitespace-nowrap",
            cell: (refund) =>
              refund.creditNote ? (
                <a href={refund.creditNote.href} className={LINK}>
                  {refund.creditNote.id} (PDF)
                </a>
              ) : (
                "Once refunded"
              ),
          },
        ]}
      />
    </Section>
  );
}

type PointFact = { kind: string; label: string; transactionType: string; points: number; at: string };
type EmailFact = { id: string; label: string; queued: string; sent: string | null };
type TimelineFact = { what: string; at: string; iso: string };

/** What the order did afterwards: the points it moved, the emails sent for it, and everything in time order. */
export function OrderHistory({
  points,
  emails,
  timeline,
}: {
  points: PointFact[];
  emails: EmailFact[];
  timeline: TimelineFact[];
}) {
  return (
    <>
      <Section id="points" title="Points">
        <DataTable
          caption="Points this order moved"
          rows={points}
          rowKey={(entry) => `${entry.kind}-${entry.at}`}
          empty="This order moved no points."
          columns={[
            { heading: "When", cell: (entry) => entry.at, className: "whitespace-nowrap" },
            { heading: "Kind", cell: (entry) => entry.label },
            {
              heading: "Points",
              numeric: true,
              cell: (entry) => `${entry.transactionType === "credit" ? "+" : "−"}${formatNumber(entry.points)}`,
            },
          ]}
        />
      </Section>
      <Section id="emails" title="Emails">
        <DataTable
          caption="Emails for this order"
          rows={emails}
          rowKey={(email) => email.id}
          empty="No emails yet."
          columns={[
            { heading: "Email", cell: (email) => email.label },
            { heading: "Queued", cell: (email) => email.queued, className: "whitespace-nowrap" },
            { heading: "Sent", cell: (email) => email.sent ?? "Not yet", className: "whitespace-nowrap" },
          ]}
        />
      </Section>
      <Section id="timeline" title="Timeline">
        <ol className="space-y-2 border-l-2 border-brand-200 pl-4">
          {timeline.map((event) => (
            <li key={`${event.iso}-${event.what}`}>
              <time dateTime={event.iso} className="block text-sm text-muted">
                {event.at}
              </time>
              {event.what}
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
