import { Link } from "react-router";
import { formatNumber } from "../../../kernel/number-format.ts";
import { LINK, PageLinks, Section } from "./admin-parts.tsx";
import { DataTable } from "./data-table.tsx";

type LedgerEntry = { id: string; label: string; points: number; reason: string; at: string };

/** The member's points, entry by entry, newest first, a page at a time. */
export function MemberLedger({
  entries,
  next,
  isOlderPage,
}: {
  entries: LedgerEntry[];
  next: string | null;
  isOlderPage: boolean;
}) {
  return (
    <Section id="ledger" title="Points ledger">
      <DataTable
        caption="Points ledger, newest first"
        rows={entries}
        rowKey={(entry) => entry.id}
        empty="No point entries yet."
        columns={[
          { heading: "When", cell: (entry) => entry.at, className: "whitespace-nowrap" },
          { heading: "Kind", cell: (entry) => entry.label },
          {
            heading: "Points",
            numeric: true,
            cell: (entry) => (entry.points > 0 ? `+${formatNumber(entry.points)}` : formatNumber(entry.points)),
          },
          { heading: "Reason", cell: (entry) => entry.reason },
        ]}
      />
      <PageLinks
        label="Ledger pages"
        newer={isOlderPage ? { to: "?", label: "Newest entries" } : null}
        older={next ? { to: `?${new URLSearchParams({ before: next })}`, label: "Older entries" } : null}
      />
    </Section>
  );
}

type Identity = { subject: string; provider: string; email: string; linkedAt: string };
type Redeem = { id: string; status: string; optionId: string; quantity: number; createdAt: string };
type MemberOrder = { id: string; invoiceId: string; kind: "Order" | "Dummy order"; total: string; at: string };
type Customer = { id: string; name: string; email: string; mobile: string; postalCode: string };

/** What else the shop knows of the member: how they sign in, what they redeemed, their orders and customer records. */
export function MemberRecords({
  identities,
  redeems,
  orders,
  customers,
}: {
  identities: Identity[];
  redeems: Redeem[];
  orders: MemberOrder[];
  customers: Customer[];
}) {
  return (
    <>
      <Section id="identities" title="Identities">
        <DataTable
          caption="Sign-in identities"
          rows={identities}
          rowKey={(identity) => identity.subject}
          empty="No sign-in identities."
          columns={[
            { heading: "Provider", cell: (identity) => identity.provider, className: "capitalize" },
            { heading: "Email", cell: (identity) => identity.email, className: "break-all" },
            { heading: "Linked", cell: (identity) => identity.linkedAt },
          ]}
        />
      </Section>
      <Section id="rewards" title="Rewards">
        <DataTable
          caption="Redeemed rewards"
          rows={redeems}
          rowKey={(redeem) => redeem.id}
          empty="No rewards redeemed."
          columns={[
            { heading: "When", cell: (redeem) => redeem.createdAt },
            { heading: "Option", cell: (redeem) => redeem.optionId },
            { heading: "Quantity", cell: (redeem) => redeem.quantity },
            { heading: "Status", cell: (redeem) => redeem.status },
          ]}
        />
      </Section>
      <Section id="orders" title="Orders">
        <DataTable
          caption="Linked and dummy orders"
          rows={orders}
          rowKey={(order) => order.id}
          empty="No orders."
          columns={[
            { heading: "Date", cell: (order) => order.at },
            {
              heading: "Invoice",
              className: "break-all",
              cell: (order) =>
                order.kind === "Order" ? (
                  <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className={LINK}>
                    {order.invoiceId}
                  </Link>
                ) : (
                  order.invoiceId
                ),
            },
            { heading: "Kind", cell: (order) => order.kind },
            { heading: "Total", cell: (order) => order.total, numeric: true },
          ]}
        />
      </Section>
      <Section id="customers" title="Customer records">
        <DataTable
          caption="Linked customer records"
          rows={customers}
          rowKey={(customer) => customer.id}
          empty="No linked customer records."
          columns={[
            { heading: "Name", cell: (customer) => customer.name },
            { heading: "Email", cell: (customer) => customer.email, className: "break-all" },
            { heading: "Mobile", cell: (customer) => customer.mobile },
            { heading: "Postal code", cell: (customer) => customer.postalCode },
          ]}
        />
      </Section>
    </>
  );
}
