import { CreditCard } from "lucide-react";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { getTestPaymentSession } from "../../../domain/checkout/get-test-payment-session.ts";
import {
  PayTestCheckoutByInput,
  PayTestCheckoutInput,
  payTestCheckout,
  payTestCheckoutBy,
} from "../../../domain/checkout/pay-test-checkout.ts";
import { isAppError } from "../../../kernel/app-error.ts";
import { formatMoney } from "../../../kernel/money.ts";
import {
  GrabPayApproval,
  MethodChoice,
  PayNowCode,
  PayNowStart,
  type PayView,
  WalletButtons,
} from "../../components/test-payment/other-methods.tsx";
import { requestContext } from "../../context.ts";
import { expectedFailure, readForm, UNREADABLE_REQUEST } from "../../lib/action-result.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/test-payment";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Payment");

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = await getTestPaymentSession(context.get(requestContext).operations, { sessionId: params.sessionId });
  if (!session) throw data(`Page not found: /pay/test/${params.sessionId}`, { status: 404 });
  const asked = new URL(request.url).searchParams.get("method");
  // A method the session does not offer shows the card form.
  const view: PayView = session.methods.some(({ method }) => method === asked) ? (asked as PayView) : "card";
  return { ...session, view };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return data({ message: UNREADABLE_REQUEST }, { status: 400 });
  const { operations } = context.get(requestContext);
  const { sessionId } = params;
  try {
    const outcome = form.has("way")
      ? await payTestCheckoutBy(operations, { ...formInput(PayTestCheckoutByInput, form), sessionId })
      : await payTestCheckout(operations, { ...formInput(PayTestCheckoutInput, form), sessionId });
    // A PayNow payment just started shows its QR code here; everything else goes back to the shop.
    if (outcome.ok) return redirect(form.get("way") === "paynow" ? `/pay/test/${sessionId}` : outcome.successUrl, 303);
    return data({ message: outcome.message }, { status: 402 });
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ message: isAppError(error) && error.fields?.cardNumber ? error.fields.cardNumber : message }, { status });
  }
}

/** The embedded provider's hosted-style card page: it stands where Stripe's page would in production. */
export default function TestPayment({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const paying = useNavigation().state !== "idle";
  if (loaderData.status !== "open" && loaderData.status !== "processing") {
    return (
      <p className="text-lg">{`This payment session has ${loaderData.status === "paid" ? "already been paid" : "ended"}.`}</p>
    );
  }
  const setup = loaderData.mode === "setup";
  const submitLabel = setup ? "Save card" : `Pay ${formatMoney(loaderData.amountCents)}`;
  const alert = result?.message && (
    <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-sale">
      {result.message}
    </p>
  );
  const { view } = loaderData;
  if (loaderData.status === "processing" || view !== "card") {
    return (
      <section
        aria-labelledby="pay-heading"
        className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <p className="text-sm font-semibold uppercase tracking-wider text-muted">Test payment provider</p>
        <h1 id="pay-heading" className="mt-1 text-2xl font-bold">
          {loaderData.status === "processing" ? "PayNow" : submitLabel}
        </h1>
        {loaderData.status === "open" && <MethodChoice page={loaderData} view={view} />}
        {alert}
        {loaderData.status === "processing" ? (
          <PayNowCode page={loaderData} busy={paying} />
        ) : view === "paynow" ? (
          <PayNowStart page={loaderData} busy={paying} />
        ) : (
          <GrabPayApproval page={loaderData} busy={paying} />
        )}
      </section>
    );
  }
  return (
    <section
      aria-labelledby="pay-heading"
      className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <p className="text-sm font-semibold uppercase tracking-wider text-muted">Test payment provider</p>
      <h1 id="pay-heading" className="mt-1 text-2xl font-bold">
        {setup ? "Save a card" : submitLabel}
      </h1>
      <p className="text-sm text-muted">
        {setup ? `For ${loaderData.email}: nothing is charged now.` : `Receipt to ${loaderData.email}`}
      </p>
      <MethodChoice page={loaderData} view={view} />
      <WalletButtons page={loaderData} busy={paying} />
      <Form method="post" className="mt-6 space-y-4">
        <div>
          <label htmlFor="cardNumber" className="block font-medium">
            Card number
          </label>
          <div className="relative mt-1">
            <CreditCard aria-hidden="true" className="absolute left-3 top-2.5 size-5 text-muted" />
            <input
              id="cardNumber"
              name="cardNumber"
              inputMode="numeric"
              autoComplete="cc-number"
              list="test-cards"
              defaultValue={loaderData.cards[0]?.number}
              required
              aria-describedby="card-help"
              className="w-full rounded-lg border border-slate-300 py-2 pl-10 pr-3 tracking-wider"
            />
          </div>
          <datalist id="test-cards">
            {loaderData.cards.map((card) => (
              <option key={card.number} value={card.number} label={card.does} />
            ))}
          </datalist>
          <p id="card-help" className="mt-1 text-xs text-muted">
            {`Test cards: ${loaderData.cards.map((card) => `${card.number} ${card.does}`).join("; ")}.`}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="expiry" className="block font-medium">
              Expiry
            </label>
            <input
              id="expiry"
              name="expiry"
              placeholder="MM / YY"
              autoComplete="cc-exp"
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="cvc" className="block font-medium">
              CVC
            </label>
            <input
              id="cvc"
              name="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
        </div>
        {loaderData.saveCardConsent && (
          <p id="save-card-consent" className="rounded-lg bg-slate-50 p-3 text-sm">
            {loaderData.saveCardConsent}
          </p>
        )}
        {alert}
        <button
          type="submit"
          disabled={paying}
          aria-describedby={loaderData.saveCardConsent ? "save-card-consent" : undefined}
          className="w-full rounded-full bg-brand-700 px-6 py-3 text-lg font-semibold text-white disabled:opacity-60"
        >
          {paying ? (setup ? "Saving…" : "Paying…") : submitLabel}
        </button>
        <a href={loaderData.cancelUrl} className="block text-center text-sm underline">
          {setup ? "Cancel and go back" : "Cancel and return to your bag"}
        </a>
      </Form>
    </section>
  );
}
