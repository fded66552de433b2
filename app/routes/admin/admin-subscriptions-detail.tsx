import { Link } from "react-router";
import { getSubscriptionForStaff } from "../../../domain/subscriptions/staff/subscription-for-staff.ts";
import { formatCalendarDate, formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { LINK, PageHeading, Stat } from "../../components/admin/admin-parts.tsx";
import { SubscriptionStatusBadge } from "../../components/admin/status-badge.tsx";
import { SubscriptionHistory } from "../../components/admin/subscription-facts.tsx";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { cadenceLabel } from "../../lib/cadence-label.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-subscriptions-detail";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Subscription"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const found = await refusedAsPage(getSubscriptionForStaff(operations, { subscriptionId: args.params.subscriptionId }));
  const { subscription } = found;
  const pause =
    subscription.status === "paused"
      ? subscription.pausedUntil
        ? `Paused until ${formatCalendarDate(subscription.pausedUntil)}`
        : "Paused until the member resumes"
      : null;
  return {
    subscription: {
      id: subscription.id,
      status: subscription.status,
      memberId: subscription.memberId,
      member: subscription.name ? `${subscription.name} (${subscription.email})` : subscription.email,
      what: `${subscription.quantity} × ${subscription.productName}, ${subscription.optionName}`,
      cadence: cadenceLabel(subscription.cadenceWeeks),
      next: subscription.status === "cancelled" ? "—" : (pause ?? formatCalendarDate(subscription.nextRenewalOn)),
      discount: `${subscription.discountPercent} %`,
      card: `${subscription.cardBrand.toUpperCase()} ending ${subscription.cardLast4}`,
      shipsTo: `${subscription.shipping.name}, ${subscription.shipping.address}, Singapore ${subscription.shipping.postalCode}`,
      since: formatTimestamp(subscription.createdAt),
      cancelled: subscription.cancelledAt
        ? `${formatTimestamp(subscription.cancelledAt)}${subscription.cancelReason ? `: “${subscription.cancelReason}”` : ""}`
        : null,
    },
    renewals: found.renewals.map((renewal) => ({
      ...renewal,
      dueOn: formatCalendarDate(renewal.dueOn),
      retryAt: renewal.retryAt && formatTimestamp(renewal.retryAt),
    })),
    orders: found.orders.map((order) => ({
      id: order.id,
      invoiceId: order.invoiceId,
      paidAt: formatTimestamp(order.paidAt),
      total: formatMoney(order.priceCents),
      first: order.id === subscription.firstOrderId,
    })),
    emails: found.emails.map((email) => ({
      id: email.id,
      label: email.label,
      queued: formatTimestamp(email.createdAt),
      sent: email.sentAt ? formatTimestamp(email.sentAt) : email.skippedAt ? "Not sent (turned off)" : "Not yet",
    })),
  };
}

export default function AdminSubscriptionDetail({ loaderData }: Route.ComponentProps) {
  const { subscription } = loaderData;
  return (
    <>
      <PageHeading
        title={subscription.what}
        back={{ to: "/admin/subscriptions", label: "All subscriptions" }}
        aside={<SubscriptionStatusBadge status={subscription.status} />}
      />
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <Stat
          label="Member"
          value={
            <Link to={`/admin/members/${encodeURIComponent(subscription.memberId)}`} className={LINK}>
              {subscription.member}
            </Link>
          }
        />
        <Stat label="How often" value={subscription.cadence} />
        <Stat label="Next box" value={subscription.next} />
        <Stat label="Subscription discount" value={subscription.discount} />
        <Stat label="Card" value={subscription.card} />
        <Stat label="Subscribed" value={subscription.since} />
        <Stat label="Ships to" value={subscription.shipsTo} />
        {subscription.cancelled && <Stat label="Cancelled" value={subscription.cancelled} />}
      </dl>
      <SubscriptionHistory renewals={loaderData.renewals} orders={loaderData.orders} emails={loaderData.emails} />
    </>
  );
}
