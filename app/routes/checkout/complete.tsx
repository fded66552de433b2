import { CircleCheck, Clock } from "lucide-react";
import { useEffect } from "react";
import { data, Link, useRevalidator } from "react-router";
import { completeCheckout } from "../../../domain/checkout/complete-checkout.ts";
import { keepOrderHref, offerToKeepOrder } from "../../../domain/loyalty/order-points/keep-order-link.ts";
import { orderMoney } from "../../../domain/orders/order-money.ts";
import type { OrderView } from "../../../domain/orders/order-view.ts";
import { isAppError } from "../../../kernel/app-error.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { lineDescription } from "../../../kernel/line-description.ts";
import { orderPaymentLabel } from "../../../kernel/payment-methods.ts";
import { EstimatedDelivery } from "../../components/estimated-delivery.tsx";
import { KeepOrderOffer, type KeepOrderOfferView } from "../../components/keep-order-offer.tsx";
import { OrderMoneySummary } from "../../components/order-totals.tsx";
import { type RequestContext, requestContext } from "../../context.ts";
import { loginPath } from "../../lib/member-paths.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/complete";

/** How often the waiting page asks again, with JavaScript; without it, its link asks. */
const AWAITING_CHECK_MS = 5_000;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.awaiting ? "Waiting for your payment" : "Thank you for your order");

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const completion = await completeCheckout(ctx.operations, { sessionId: params.sessionId });
  if (completion.awaiting) return { awaiting: completion.awaiting, order: null, started: [], keep: null };
  if (!completion.order) throw data(completion.message, { status: 404 });
  const { order, subscriptions } = completion;
  const started = subscriptions.map(({ optionId, cadenceWeeks, nextRenewalOn }) => {
    const line = order.lines.find((orderLine) => orderLine.optionId === optionId);
    return { optionId, cadenceWeeks, nextRenewalOn, name: line ? lineDescription(line) : optionId };
  });
  return { awaiting: null, order: shownOrder(order), started, keep: await keepOffer(ctx, order.invoiceId) };
}

/**
 * The offer to keep a guest order on a membership, made only to the browser that paid it (its
 * access grant): another browser with this page's address, or a member's own order, gets none.
 */
async function keepOffer(ctx: RequestContext, invoiceId: string): Promise<KeepOrderOfferView | null> {
  try {
    const offer = await offerToKeepOrder(ctx.operations, { invoiceId });
    if (offer.state !== "open") return offer.state === "expired" ? offer : null;
    const signedIn = ctx.operations.viewer.kind === "member";
    const keep = keepOrderHref(offer.token);
    return { state: "open", points: offer.points, signedIn, href: signedIn ? keep : loginPath(keep) };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") return null;
    throw error;
  }
}

/** What this page shows of the order, and so all of it that goes into the page's data. */
function shownOrder(order: OrderView) {
  const { invoiceId, email, customer, deliveryStart, deliveryEnd, deliveryOptionName } = order;
  const delivery = { deliveryStart, deliveryEnd, deliveryOptionName };
  return {
    invoiceId,
    email,
    customer: { name: customer.name },
    ...delivery,
    paidBy: orderPaymentLabel(order),
    money: orderMoney(order),
  };
}

export default function CheckoutComplete({ loaderData }: Route.ComponentProps) {
  if (loaderData.order === null) return <AwaitingPayment method={loaderData.awaiting} />;
  const { order } = loaderData;
  return (
    <section aria-labelledby="thanks-heading" className="space-y-6">
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-1 size-8 shrink-0 text-brand-700" />
        <div>
          <h1 id="thanks-heading" className="text-2xl font-bold">
            Thank you, {order.customer.name}!
          </h1>
          <p className="text-muted">
            Your order <strong data-testid="invoice-id">{order.invoiceId}</strong> is paid by{" "}
            <span data-testid="paid-by">{order.paidBy}</span>. A confirmation is on its way to {order.email}.
          </p>
        </div>
      </div>
      {loaderData.started.length > 0 && (
        <section aria-labelledby="subscription-heading" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="subscription-heading" className="font-bold">
            Your subscription has started
          </h2>
          <ul className="mt-2 space-y-1" data-testid="started-subscriptions">
            {loaderData.started.map((subscription) => (
              <li key={subscription.optionId}>
                {subscription.name}: every {subscription.cadenceWeeks} weeks, next on{" "}
                <strong className="whitespace-nowrap">{formatCalendarDate(subscription.nextRenewalOn)}</strong>
              </li>
            ))}
          </ul>
          <Link to="/member/subscriptions" className="mt-3 inline-block font-semibold text-brand-700 underline">
            Manage your subscriptions
          </Link>
        </section>
      )}
      {loaderData.keep && <KeepOrderOffer offer={loaderData.keep} />}
      <p className="rounded-xl bg-brand-50 p-4">
        <EstimatedDelivery order={order} />
      </p>
      <div>
        <OrderMoneySummary money={order.money} rewardsHeading="Rewards with this order" totalLabel="Total paid" />
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to={`/order/${order.invoiceId}`} className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white">
          View invoice
        </Link>
        <Link to="/shop" className="rounded-full border border-brand-700 px-5 py-2.5 font-semibold text-brand-700">
          Continue shopping
        </Link>
      </div>
    </section>
  );
}

/**
 * A payment on its way (PayNow): the page asks again every few seconds until the order is placed or
 * the payment ends; its link asks at once, and without JavaScript. No meta refresh: a page that
 * reloads itself on a timer is one a screen reader user cannot keep up with (WCAG 2.2.1).
 */
function AwaitingPayment({ method }: { method: string }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => void revalidate(), AWAITING_CHECK_MS);
    return () => clearInterval(timer);
  }, [revalidate]);
  return (
    <section aria-labelledby="waiting-heading" className="space-y-4">
      <div className="flex items-start gap-3">
        <Clock aria-hidden="true" className="mt-1 size-8 shrink-0 text-brand-700" />
        <div>
          <h1 id="waiting-heading" className="text-2xl font-bold">
            {`Waiting for your ${method} payment`}
          </h1>
          <p className="text-muted" role="status">
            Once your bank app has paid, your order is placed and appears here. Your bag is kept until then.
          </p>
        </div>
      </div>
      <Link
        reloadDocument
        to="."
        className="inline-block rounded-full border border-brand-700 px-5 py-2.5 font-semibold text-brand-700"
      >
        Check again now
      </Link>
    </section>
  );
}
