import { useActionData } from "react-router";
import { getMemberForStaff } from "../../../domain/loyalty/account/member-for-staff.ts";
import { RestoreExpiredPointsInput, restoreExpiredPoints } from "../../../domain/loyalty/expiry/restore-expired-points.ts";
import { AdjustMemberPointsInput, adjustMemberPoints } from "../../../domain/loyalty/points/adjust-member-points.ts";
import { ApproveEarnActionInput, approveEarnAction } from "../../../domain/loyalty/points/approve-earn-action.ts";
import { getProgramme } from "../../../domain/loyalty/programme/get-programme.ts";
import { formatCalendarDate, formatDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { AdjustPointsForm } from "../../components/admin/adjust-points-form.tsx";
import { ActionMessage } from "../../components/admin/admin-form.tsx";
import { PageHeading, Stat } from "../../components/admin/admin-parts.tsx";
import { ExpiredPoints, RESTORE_EXPIRY_INTENT } from "../../components/admin/expired-points.tsx";
import { MemberLedger, MemberRecords } from "../../components/admin/member-facts.tsx";
import { APPROVE_ACTION_INTENT, StaffApprovedActions } from "../../components/admin/staff-approved-actions.tsx";
import { type ActionResult, failureResult } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-member";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Member"), { name: "robots", content: "noindex" }];

const day = (at: Date | null) => (at ? formatDate(at) : "—");

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const before = new URL(args.request.url).searchParams.get("before");
  const { member, history, expiries, expiring, mayAdjustPoints } = await refusedAsPage(
    getMemberForStaff(operations, { memberId: args.params.memberId, before }),
  );
  const approvable = mayAdjustPoints
    ? (await getProgramme(operations, {})).actions.filter(
        (action) => action.verification === "staff" && !action.isDisabled && !member.activities.includes(action.id),
      )
    : [];
  return {
    mayAdjustPoints,
    staffActions: approvable.map(({ id, title, points }) => ({ id, title, points })),
    expiring: expiring && { points: expiring.points, on: formatDate(expiring.expiresAt) },
    expiries: expiries.map((expiry) => ({
      id: expiry.id,
      points: expiry.points,
      expiresOn: formatCalendarDate(expiry.expiresOn),
      restoredOn: expiry.restoredAt && formatDate(expiry.restoredAt),
    })),
    member: {
      id: member.id,
      email: member.email,
      name: member.name,
      tier: member.membershipStatus,
      points: member.points,
      totalSpent: formatMoney(member.totalSpentCents),
      memberSince: member.formattedMembershipStartTimestamp,
      goldSince: member.formattedGoldStartTimestamp,
      identities: member.identities.map((identity) => ({ ...identity, linkedAt: day(identity.linkedAt) })),
      redeems: member.redeems.map((redeem) => ({
        id: redeem.id,
        status: redeem.status,
        optionId: redeem.optionId,
        quantity: redeem.quantity,
        createdAt: redeem.formattedCreatedAt,
      })),
      orders: [
        ...member.linkedOrders.map((order) => ({
          id: order.id,
          invoiceId: order.invoiceId,
          kind: "Order" as const,
          total: formatMoney(order.priceCents),
          at: day(order.createdAt),
        })),
        ...member.dummyOrders.map((order) => ({
          id: order.id,
          invoiceId: order.invoiceId,
          kind: "Dummy order" as const,
          total: formatMoney(order.priceCents),
          at: day(order.orderedAt),
        })),
      ],
      customers: member.linkedCustomers.map((customer) => ({
        id: customer.id,
        name: customer.name,
        email: customer.email,
        mobile: customer.mobile,
        postalCode: customer.postalCode,
      })),
    },
    ledger: {
      entries: history.entries.map((entry) => ({
        id: entry.id,
        label: entry.activityLabel,
        points: entry.transactionType === "debit" ? -entry.points : entry.points,
        reason: typeof entry.meta.reason === "string" ? entry.meta.reason : "",
        at: entry.formattedTransactionTimestamp,
      })),
      next: history.hasMore ? history.nextCursor : null,
      isOlderPage: before !== null,
    },
  };
}

/** The adjustment form's labels, for messages about its fields. */
const FIELD_LABELS = { direction: "Direction", points: "Points", reason: "Reason" };

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  if (form.get("intent") === APPROVE_ACTION_INTENT) {
    try {
      const input = formInput(ApproveEarnActionInput, form, { memberId: args.params.memberId });
      const result = await approveEarnAction(operations, input);
      return {
        ok: true,
        message: `"${result.title}" credited: ${formatNumber(result.credited)} points. The balance is now ${formatNumber(result.points)}.`,
      } satisfies ActionResult;
    } catch (error) {
      return failureResult(error, { labels: { actionId: "Action" } });
    }
  }
  if (form.get("intent") === RESTORE_EXPIRY_INTENT) {
    try {
      const input = formInput(RestoreExpiredPointsInput, form, { memberId: args.params.memberId });
      const result = await restoreExpiredPoints(operations, input);
      return {
        ok: true,
        message: `${formatNumber(result.restored)} expired points restored. The balance is now ${formatNumber(result.points)}.`,
      } satisfies ActionResult;
    } catch (error) {
      return failureResult(error, { labels: { reason: "Reason for restoring" } });
    }
  }
  try {
    const input = formInput(AdjustMemberPointsInput, form, { memberId: args.params.memberId });
    const result = await adjustMemberPoints(operations, input);
    const verb = input.direction === "credit" ? "credited" : "debited";
    return {
      ok: true,
      message: `${formatNumber(input.points)} points ${verb}. The balance is now ${formatNumber(result.points)}.`,
    } satisfies ActionResult;
  } catch (error) {
    return failureResult(error, { labels: FIELD_LABELS });
  }
}

export default function AdminMember({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { member, ledger } = loaderData;
  return (
    <>
      <PageHeading title={member.name || member.email} back={{ to: "/admin/members", label: "All members" }} />
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <Stat
          label="Points"
          value={
            loaderData.expiring
              ? `${formatNumber(member.points)} (${formatNumber(loaderData.expiring.points)} expire on ${loaderData.expiring.on})`
              : formatNumber(member.points)
          }
        />
        <Stat label="Tier" value={member.tier === "gold" ? `Gold since ${member.goldSince}` : "Green"} />
        <Stat label="Total spent" value={member.totalSpent} />
        <Stat label="Email" value={member.email} />
        <Stat label="Member since" value={member.memberSince} />
      </dl>
      <ActionMessage result={result} />
      {loaderData.mayAdjustPoints && <AdjustPointsForm answer={result} />}
      <StaffApprovedActions actions={loaderData.staffActions} answer={result} />
      <ExpiredPoints expiries={loaderData.expiries} mayRestore={loaderData.mayAdjustPoints} answer={result} />
      <MemberLedger {...ledger} />
      <MemberRecords
        identities={member.identities}
        redeems={member.redeems}
        orders={member.orders}
        customers={member.customers}
      />
    </>
  );
}
