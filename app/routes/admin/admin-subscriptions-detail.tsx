import { Link, useActionData } from "react-router";
import { CancelSubscriptionInput, cancelSubscription } from "../../../domain/subscriptions/manage/cancel-subscription.ts";
import { PauseSubscriptionInput, pauseSubscription } from "../../../domain/subscriptions/manage/pause-subscription.ts";
import { resumeSubscription } from "../../../domain/subscriptions/manage/resume-subscription.ts";
import { SkipRenewalInput, skipRenewal } from "../../../domain/subscriptions/manage/skip-renewal.ts";
import { getSubscriptionForStaff } from "../../../domain/subscriptions/staff/subscription-for-staff.ts";
import { formatCalendarDate, formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { ActionMessage } from "../../components/admin/admin-form.tsx";
import { LINK, PageHeading, Stat } from "../../components/admin/admin-parts.tsx";
import { SubscriptionStatusBadge } from "../../components/admin/status-badge.tsx";
import { SubscriptionActions } from "../../components/admin/subscription-actions.tsx";
import { SubscriptionHistory } from "../../components/admin/subscription-facts.tsx";
import { type ActionResult, failureResult, unreadableRequest } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { cadenceLabel, subscribedItem } from "../../lib/subscription-words.ts";
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
      nextRenewalOn: subscription.nextRenewalOn,
      memberId: subscription.memberId,
      member: subscription.name ? `${subscription.name} (${subscription.email})` : subscription.email,
      what: subscribedItem(subscription),
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

/** Each staff action for the member: the operation it runs on the form, and what it answers once done. */
async function act(
  operations: Parameters<typeof skipRenewal>[0],
  intent: FormDataEntryValue | null,
  form: FormData,
  known: { subscriptionId: string },
) {
  if (intent === "skip") {
    const after = await skipRenewal(operations, formInput(SkipRenewalInput, form, known));
    return `The box is skipped. The next one is due on ${formatCalendarDate(after.nextRenewalOn)}.`;
  }
  if (intent === "pause") {
    const after = await pauseSubscription(operations, formInput(PauseSubscriptionInput, form, known));
    return after.pausedUntil ? `Paused until ${formatCalendarDate(after.pausedUntil)}.` : "Paused until resumed.";
  }
  if (intent === "resume") {
    const after = await resumeSubscription(operations, known);
    return `Resumed. The next box is due on ${formatCalendarDate(after.nextRenewalOn)}.`;
  }
  if (intent === "cancel") {
    await cancelSubscription(operations, formInput(CancelSubscriptionInput, form, known));
    return "Cancelled: no more boxes will be sent or charged.";
  }
  return null;
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  try {
    const message = await act(operations, form.get("intent"), form, { subscriptionId: args.params.subscriptionId });
    return message === null ? unreadableRequest() : ({ ok: true, message } satisfies ActionResult);
  } catch (error) {
    return failureResult(error, { labels: { until: "Pause until", reason: "Reason" } });
  }
}

export default function AdminSubscriptionDetail({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
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
      <ActionMessage result={result} />
      <SubscriptionActions status={subscription.status} nextRenewalOn={subscription.nextRenewalOn} answer={result} />
      <SubscriptionHistory renewals={loaderData.renewals} orders={loaderData.orders} emails={loaderData.emails} />
    </>
  );
}
