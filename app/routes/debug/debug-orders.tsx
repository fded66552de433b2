import { data, Form } from "react-router";
import { ClaimOrderFields, linkOrderToMember } from "../../../domain/loyalty/order-points/link-order.ts";
import { removeMemberIdFromOrderByEmail, UnlinkOrderInput } from "../../../domain/loyalty/order-points/unlink-order-by-email.ts";
import { listMemberOrders, type MemberOrders } from "../../../domain/orders/list-member-orders.ts";
import { orderStatusText } from "../../../domain/orders/order-status-text.ts";
import { RECENT_ORDERS_LIMIT } from "../../../domain/orders/recent-orders-limit.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { Answer, buttonClass, DebugSection, inputClass, RecordList, smallButtonClass } from "../../components/debug/debug-ui.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { requestContext } from "../../context.ts";
import { formText, readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { type DebugAnswer, debugFailure, requireDebugPage } from "../../lib/debug-page.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { requireMember } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/debug-orders";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Debug: Orders");

const LINK = "link";
const UNLINK = "unlink";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requireDebugPage(ctx, request);
  try {
    return { orders: await listMemberOrders(ctx.operations, {}), problem: null };
  } catch (error) {
    const { answer, status } = debugFailure(error);
    return data({ orders: null, problem: answer }, { status });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requireDebugPage(ctx, request);
  const member = await requireMember(ctx, request);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  const intent = formText(form, "intent");
  try {
    if (intent === LINK) {
      const { claim } = await linkOrderToMember(ctx.operations, {
        ...formInput(ClaimOrderFields, form),
        memberId: member.id,
        clientAddress: ctx.clientAddress,
      });
      return { ok: true, message: `Linked order ${claim.invoiceId} (${claim.age}): ${claim.pointsCredited} points credited.` };
    }
    if (intent === UNLINK) {
      const newest = await removeMemberIdFromOrderByEmail(ctx.operations, formInput(UnlinkOrderInput, form));
      return { ok: true, message: `Unlinked your orders placed with ${newest.email} (newest: ${newest.invoiceId}).` };
    }
    return data<DebugAnswer>({ ok: false, message: "This form is not known here. Please reload the page." }, { status: 400 });
  } catch (error) {
    const { answer, status } = debugFailure(error);
    return data(answer, { status });
  }
}

export default function DebugOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, problem } = loaderData;
  return (
    <>
      <PageHeading eyebrow="Debug" title="Orders">
        Your recent orders (the newest {RECENT_ORDERS_LIMIT} placed with your emails, linked or not) and your dummy orders.
      </PageHeading>
      <div className="px-4">
        <Answer answer={actionData ?? problem} />
        {orders && <MemberOrderLists orders={orders} />}
      </div>
    </>
  );
}

function MemberOrderLists({ orders }: { orders: MemberOrders }) {
  return (
    <>
      <DebugSection id="orders-recent" title="Recent orders">
        <p className="mt-1 text-sm text-muted">Placed with {orders.emails.join(", ")}.</p>
        {orders.orders.length === 0 ? (
          <p className="mt-2 text-muted">None.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="recent-orders">
            {orders.orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {order.invoiceId} · {formatMoney(order.priceCents)} · {orderStatusText(order)}
                  </p>
                  <p className="break-words text-sm text-muted">
                    {order.email} · {order.mobile} · paid {formatTimestamp(order.paidAt)} ·{" "}
                    {order.memberId ? "linked to you" : "not linked"}
                  </p>
                </div>
                <Form method="post" preventScrollReset>
                  {order.memberId ? (
                    <>
                      <input type="hidden" name="intent" value={UNLINK} />
                      <input type="hidden" name="email" value={order.email} />
                      <button type="submit" className={smallButtonClass} aria-label={`Unlink orders placed with ${order.email}`}>
                        Unlink
                      </button>
                    </>
                  ) : (
                    <>
                      <input type="hidden" name="intent" value={LINK} />
                      <input type="hidden" name="invoiceId" value={order.invoiceId} />
                      <input type="hidden" name="mobile" value={order.mobile} />
                      <button type="submit" className={smallButtonClass} aria-label={`Link order ${order.invoiceId}`}>
                        Link
                      </button>
                    </>
                  )}
                </Form>
              </li>
            ))}
          </ul>
        )}
      </DebugSection>
      <DebugSection id="orders-link" title="Link an order">
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value={LINK} />
          <div>
            <label htmlFor="link-invoice" className="block font-medium">
              Invoice id
            </label>
            <input id="link-invoice" name="invoiceId" required autoComplete="off" className={inputClass} />
          </div>
          <div>
            <label htmlFor="link-mobile" className="block font-medium">
              Mobile number
            </label>
            <input id="link-mobile" name="mobile" type="tel" required className={inputClass} />
          </div>
          <button type="submit" className={buttonClass}>
            Link
          </button>
        </Form>
      </DebugSection>
      <DebugSection id="orders-unlink" title="Unlink by email">
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-[2fr_auto] sm:items-end">
          <input type="hidden" name="intent" value={UNLINK} />
          <div>
            <label htmlFor="unlink-email" className="block font-medium">
              Email the orders were placed with
            </label>
            <input id="unlink-email" name="email" type="email" required className={inputClass} />
          </div>
          <button type="submit" className={buttonClass}>
            Unlink
          </button>
        </Form>
      </DebugSection>
      <DebugSection id="orders-dummy" title="Dummy orders">
        <RecordList items={orders.dummyOrders} label={(order) => `Invoice ${order.invoiceId}`} />
      </DebugSection>
    </>
  );
}
