import { data, Form, Link, useActionData } from "react-router";
import { adjustMemberPoints } from "../../../domain/loyalty/adjust-member-points.ts";
import { getMemberForStaff } from "../../../domain/loyalty/member-for-staff.ts";
import { MAX_ADJUSTMENT_REASON, MAX_POINT_ADJUSTMENT } from "../../../domain/loyalty/point-adjustment-limits.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { ActionMessage, Section, Stat, Table } from "../../components/admin/admin-parts.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { useResetAfterSuccess } from "../../lib/reset-after-success.ts";
import type { Route } from "./+types/admin-member";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Member"), { name: "robots", content: "noindex" }];

const day = (at: Date | null) => (at ? formatDate(at) : "—");

export async function loader(args: Route.LoaderArgs) {
  const { operations, staff } = requireStaffPage(args);
  const before = new URL(args.request.url).searchParams.get("before");
  const { member, history, mayAdjustPoints } = await refusedAsPage(
    getMemberForStaff(operations, { memberId: args.params.memberId, before }),
  );
  return {
    csrfToken: staff.session.csrfToken,
    mayAdjustPoints,
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
          kind: "Order",
          total: formatMoney(order.priceCents),
          at: day(order.createdAt),
        })),
        ...member.dummyOrders.map((order) => ({
          id: order.id,
          invoiceId: order.invoiceId,
          kind: "Dummy order",
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

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  const direction = formText(form, "direction");
  const pointsText = formText(form, "points").trim();
  if (!/^\d{1,7}$/.test(pointsText)) {
    return data<ActionResult>(
      { ok: false, message: "Points must be a whole number from 1 to 100,000.", invalidFields: ["points"] },
      { status: 400 },
    );
  }
  try {
    const result = await adjustMemberPoints(operations, {
      memberId: args.params.memberId,
      direction: direction as "credit" | "debit",
      points: Number(pointsText),
      reason: formText(form, "reason"),
    });
    const verb = direction === "credit" ? "credited" : "debited";
    return {
      ok: true,
      message: `${formatNumber(Number(pointsText))} points ${verb}. The balance is now ${formatNumber(result.points)}.`,
    } satisfies ActionResult;
  } catch (error) {
    return failureResult(error);
  }
}

export default function AdminMember({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const adjustForm = useResetAfterSuccess(result);
  const { member, ledger } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/members" className="font-semibold text-brand-700 underline">
          All members
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-all text-brand-900">{member.name || member.email}</h1>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <Stat label="Points" value={formatNumber(member.points)} />
        <Stat label="Tier" value={member.tier === "gold" ? `Gold since ${member.goldSince}` : "Green"} />
        <Stat label="Total spent" value={member.totalSpent} />
        <Stat label="Email" value={member.email} />
        <Stat label="Member since" value={member.memberSince} />
      </dl>
      <ActionMessage result={result} />
      {loaderData.mayAdjustPoints && (
        <Section id="adjust" title="Credit or debit points">
          <Form ref={adjustForm} method="post" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
            <input type="hidden" name="csrf" value={loaderData.csrfToken} />
            <fieldset>
              <legend className="font-semibold">Direction</legend>
              <div className="flex flex-wrap gap-4">
                <label className="inline-flex min-h-11 items-center gap-2">
                  <input type="radio" name="direction" value="credit" defaultChecked /> Credit (Bonus Points)
                </label>
                <label className="inline-flex min-h-11 items-center gap-2">
                  <input type="radio" name="direction" value="debit" /> Debit (Refund Adjustment)
                </label>
              </div>
            </fieldset>
            <div>
              <label htmlFor="adjust-points" className="block font-semibold">
                Points
              </label>
              <input
                id="adjust-points"
                name="points"
                type="number"
                required
                min={1}
                max={MAX_POINT_ADJUSTMENT}
                step={1}
                className="mt-1 w-40 rounded-lg border border-slate-400 px-3 py-2"
              />
            </div>
            <div>
              <label htmlFor="adjust-reason" className="block font-semibold">
                Reason
              </label>
              <input
                id="adjust-reason"
                name="reason"
                type="text"
                required
                maxLength={MAX_ADJUSTMENT_REASON}
                className="mt-1 w-full max-w-xl rounded-lg border border-slate-400 px-3 py-2"
              />
            </div>
            <button type="submit" className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900">
              Save points
            </button>
          </Form>
        </Section>
      )}
      <Section id="ledger" title="Points ledger">
        {ledger.entries.length === 0 ? (
          <p>No point entries yet.</p>
        ) : (
          <Table caption="Points ledger, newest first" headings={["When", "Kind", "Points", "Reason"]}>
            {ledger.entries.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-200">
                <td className="p-3 whitespace-nowrap">{entry.at}</td>
                <td className="p-3">{entry.label}</td>
                <td className="p-3 text-right">
                  {entry.points > 0 ? `+${formatNumber(entry.points)}` : formatNumber(entry.points)}
                </td>
                <td className="p-3">{entry.reason}</td>
              </tr>
            ))}
          </Table>
        )}
        <p className="mt-2 flex gap-4">
          {ledger.isOlderPage && (
            <Link to="?" className="font-semibold text-brand-700 underline">
              Newest entries
            </Link>
          )}
          {ledger.next && (
            <Link to={`?${new URLSearchParams({ before: ledger.next })}`} className="font-semibold text-brand-700 underline">
              Older entries
            </Link>
          )}
        </p>
      </Section>
      <Section id="identities" title="Identities">
        <Table caption="Sign-in identities" headings={["Provider", "Email", "Linked"]}>
          {member.identities.map((identity) => (
            <tr key={identity.subject} className="border-t border-slate-200">
              <td className="p-3 capitalize">{identity.provider}</td>
              <td className="p-3 break-all">{identity.email}</td>
              <td className="p-3">{identity.linkedAt}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section id="rewards" title="Rewards">
        {member.redeems.length === 0 ? (
          <p>No rewards redeemed.</p>
        ) : (
          <Table caption="Redeemed rewards" headings={["When", "Option", "Quantity", "Status"]}>
            {member.redeems.map((redeem) => (
              <tr key={redeem.id} className="border-t border-slate-200">
                <td className="p-3">{redeem.createdAt}</td>
                <td className="p-3">{redeem.optionId}</td>
                <td className="p-3">{redeem.quantity}</td>
                <td className="p-3">{redeem.status}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section id="orders" title="Orders">
        {member.orders.length === 0 ? (
          <p>No orders.</p>
        ) : (
          <Table caption="Linked and dummy orders" headings={["Date", "Invoice", "Kind", "Total"]}>
            {member.orders.map((order) => (
              <tr key={order.id} className="border-t border-slate-200">
                <td className="p-3">{order.at}</td>
                <td className="p-3 break-all">
                  {order.kind === "Order" ? (
                    <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className="font-semibold text-brand-700 underline">
                      {order.invoiceId}
                    </Link>
                  ) : (
                    order.invoiceId
                  )}
                </td>
                <td className="p-3">{order.kind}</td>
                <td className="p-3 text-right">{order.total}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section id="customers" title="Customer records">
        {member.customers.length === 0 ? (
          <p>No linked customer records.</p>
        ) : (
          <Table caption="Linked customer records" headings={["Name", "Email", "Mobile", "Postal code"]}>
            {member.customers.map((customer) => (
              <tr key={customer.id} className="border-t border-slate-200">
                <td className="p-3">{customer.name}</td>
                <td className="p-3 break-all">{customer.email}</td>
                <td className="p-3">{customer.mobile}</td>
                <td className="p-3">{customer.postalCode}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </>
  );
}
