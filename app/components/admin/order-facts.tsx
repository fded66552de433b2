import { Link } from "react-router";
import type { OrderMoney } from "../../../domain/orders/order-money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { OrderMoneySummary } from "../order-totals.tsx";
import { Section, Stat, Table } from "./admin-parts.tsx";

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
            <Link to={`/admin/members/${encodeURIComponent(member.id)}`} className="font-semibold text-brand-700 underline">
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
  status: string;
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
      {refunds.length === 0 ? (
        <p className="mt-3">Nothing has been refunded.</p>
      ) : (
        <div className="mt-3">
          <Table
            caption="Refunds of this order"
            headings={["When and by whom", "Amount", "Items", "Reason", "Status", "Credit note"]}
          >
            {refunds.map((refund) => (
              <tr key={refund.id} className="border-t border-slate-200 align-top">
                <td className="p-3">
                  <span className="block whitespace-nowrap">{refund.at}</span>
                  <span className="block text-sm text-muted wrap-anywhere">{refund.by}</span>
                </td>
                <td className="p-3">{refund.amount}</td>
                <td className="min-w-48 p-3">{refund.lines.length > 0 ? refund.lines.join("; ") : "An amount"}</td>
                <td className="min-w-36 p-3">{refund.reason}</td>
                <td className="p-3">{refund.status}</td>
                <td className="p-3 whitespace-nowrap">
                  {refund.creditNote ? (
                    <a href={refund.creditNote.href} className="font-semibold text-brand-700 underline">
                      {refund.creditNote.id} (PDF)
                    </a>
                  ) : (
                    "Once refunded"
                  )}
                </td>
              </tr>
            ))}
          </Table>
        </div>
      )}
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
        {points.length === 0 ? (
          <p>This order moved no points.</p>
        ) : (
          <Table caption="Points this order moved" headings={["When", "Kind", "Points"]}>
            {points.map((entry) => (
              <tr key={`${entry.kind}-${entry.at}`} className="border-t border-slate-200">
                <td className="p-3 whitespace-nowrap">{entry.at}</td>
                <td className="p-3">{entry.label}</td>
                <td className="p-3 text-right">{`${entry.transactionType === "credit" ? "+" : "−"}${formatNumber(entry.points)}`}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section id="emails" title="Emails">
        <Table caption="Emails for this order" headings={["Email", "Queued", "Sent"]}>
          {emails.map((email) => (
            <tr key={email.id} className="border-t border-slate-200">
              <td className="p-3">{email.label}</td>
              <td className="p-3 whitespace-nowrap">{email.queued}</td>
              <td className="p-3 whitespace-nowrap">{email.sent ?? "Not yet"}</td>
            </tr>
          ))}
        </Table>
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
