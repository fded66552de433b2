import { Link } from "react-router";
import type { RenewalOutcome } from "../../../kernel/subscription-terms.ts";
import { LINK, Section } from "./admin-parts.tsx";
import { DataTable } from "./data-table.tsx";
import { StatusBadge, type Tone } from "./status-badge.tsx";

const OUTCOMES: Record<RenewalOutcome, { label: string; tone: Tone }> = {
  charging: { label: "Being charged", tone: "waiting" },
  paid: { label: "Paid", tone: "done" },
  declined: { label: "Declined", tone: "waiting" },
  needs_authentication: { label: "Waiting for the card holder", tone: "waiting" },
  delayed: { label: "Delayed (sold out)", tone: "waiting" },
  skipped: { label: "Skipped", tone: "off" },
};

type RenewalFact = {
  id: string;
  dueOn: string;
  outcome: RenewalOutcome;
  attempts: number;
  failureReason: string | null;
  retryAt: string | null;
  orderId: string | null;
  invoiceId: string | null;
};
type OrderFact = { id: string; invoiceId: string; paidAt: string; total: string; first: boolean };
type EmailFact = { id: string; label: string; queued: string; sent: string };

const orderLink = (id: string, invoiceId: string) => (
  <Link to={`/admin/orders/${encodeURIComponent(id)}`} className={LINK}>
    {invoiceId}
  </Link>
);

/** A subscription's story: each renewal date and how it went, the orders it made, the emails about it. */
export function SubscriptionHistory({
  renewals,
  orders,
  emails,
}: {
  renewals: RenewalFact[];
  orders: OrderFact[];
  emails: EmailFact[];
}) {
  return (
    <>
      <Section id="renewals" title="Renewals">
        <DataTable
          caption="Renewals, latest date first"
          rows={renewals}
          rowKey={(renewal) => renewal.id}
          empty="No renewal has come due yet."
          columns={[
            { heading: "Due", cell: (renewal) => renewal.dueOn, className: "whitespace-nowrap" },
            {
              heading: "Outcome",
              cell: (renewal) => (
                <StatusBadge tone={OUTCOMES[renewal.outcome].tone}>{OUTCOMES[renewal.outcome].label}</StatusBadge>
              ),
            },
            { heading: "Charges tried", numeric: true, cell: (renewal) => renewal.attempts },
            {
              heading: "Why",
              cell: (renewal) => (
                <>
                  {renewal.failureReason ?? "—"}
                  {renewal.retryAt && <span className="block text-muted">Tried again {renewal.retryAt}</span>}
                </>
              ),
            },
            {
              heading: "Order",
              cell: (renewal) => (renewal.orderId && renewal.invoiceId ? orderLink(renewal.orderId, renewal.invoiceId) : "—"),
            },
          ]}
        />
      </Section>
      <Section id="orders" title="Orders">
        <DataTable
          caption="Orders this subscription made, newest first"
          rows={orders}
          rowKey={(order) => order.id}
          empty="No orders."
          columns={[
            { heading: "Invoice", cell: (order) => orderLink(order.id, order.invoiceId) },
            { heading: "Paid", cell: (order) => order.paidAt, className: "whitespace-nowrap" },
            { heading: "Kind", cell: (order) => (order.first ? "First order" : "Renewal") },
            { heading: "Total", numeric: true, cell: (order) => order.total },
          ]}
        />
      </Section>
      <Section id="emails" title="Emails">
        <DataTable
          caption="Emails about this subscription and its orders, newest first"
          rows={emails}
          rowKey={(email) => email.id}
          empty="No emails yet."
          columns={[
            { heading: "Email", cell: (email) => email.label },
            { heading: "Queued", cell: (email) => email.queued, className: "whitespace-nowrap" },
            { heading: "Sent", cell: (email) => email.sent, className: "whitespace-nowrap" },
          ]}
        />
      </Section>
    </>
  );
}
