import { useRef } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { addressChoices } from "../../../domain/checkout/address-book/address-book.ts";
import { checkoutSummary } from "../../../domain/checkout/checkout-summary.ts";
import type { CheckoutPricing } from "../../../domain/checkout/price-checkout.ts";
import { ShippingInput } from "../../../domain/checkout/shipping-details.ts";
import { shippingPrefill } from "../../../domain/checkout/shipping-prefill.ts";
import { startCheckout } from "../../../domain/checkout/start-checkout.ts";
import { isAppError } from "../../../kernel/app-error.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { AddressChoice, HIDE_FIELDS_OF_SAVED_ADDRESS, SaveAddressChoice } from "../../components/checkout/address-choice.tsx";
import { DeliveryDates } from "../../components/estimated-delivery.tsx";
import { checkoutDiscounts, OrderTotals } from "../../components/order-totals.tsx";
import { SubscriptionSignIn } from "../../components/subscription-sign-in.tsx";
import { requestContext } from "../../context.ts";
import { expectedFailure, formText, readForm, UNREADABLE_REQUEST } from "../../lib/action-result.server.ts";
import { addressChoiceValues, shippingFormOfChoice } from "../../lib/checkout-address.server.ts";
import { SAVED_ADDRESS_FIELDS } from "../../lib/checkout-address.ts";
import { errorProps, useFocusFirstError } from "../../lib/form-errors.ts";
import { formInput, typedValues } from "../../lib/form-input.server.ts";
import { privatePageHeaders } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { readDeviceId, readReferralCode } from "../../lib/referral-cookie.server.ts";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Checkout: Shipping");

// The form may start filled with the member's own details.
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { operations } = context.get(requestContext);
  const summary = await checkoutSummary(operations, { referralCode: readReferralCode(request), deviceId: readDeviceId(request) });
  // The summary says what is short and what to do; the form waits until the bag can be ordered.
  if (summary.bag.lines.length === 0 || summary.shortages.length > 0) throw redirect("/checkout/summary");
  const shown = {
    pricing: summary.pricing,
    referralRefusal: summary.referralRefusal,
    consent: summary.consent,
    needsMember: summary.needsMember,
    prefill: await shippingPrefill(operations, {}),
    addressChoices: await addressChoices(operations, {}),
    delivery: summary.delivery,
  };
  return data(shown, { status: summary.needsMember ? 401 : 200 });
}

type ShippingActionData = {
  ok: false;
  message?: string;
  /** The bag itself stands in the way (an item sold out or short): the message leads back to it. */
  changeBag?: boolean;
  fieldErrors?: Partial<Record<string, string>>;
  values?: Record<string, string>;
  /** The bag subscribes and the shopper is not signed in (any more): they sign in or join first. */
  needsMember?: boolean;
  /** The friend's discount these details rule out: why, and the bag priced without it. */
  friendDiscount?: { refusal: string; pricing: CheckoutPricing };
};

export async function action({ request, context }: Route.ActionArgs) {
  const { operations, clientAddress } = context.get(requestContext);
  const form = await readForm(request);
  if (!form) return data<ShippingActionData>({ ok: false, message: UNREADABLE_REQUEST }, { status: 400 });
  const values = { ...typedValues(ShippingInput, form), ...addressChoiceValues(form) };
  try {
    const shipping = await shippingFormOfChoice(operations, form);
    const started = await startCheckout(operations, {
      ...formInput(ShippingInput, shipping),
      baseUrl: new URL(request.url).origin,
      clientAddress,
      referralCode: readReferralCode(request),
      deviceId: readDeviceId(request),
      withoutFriendDiscount: form.get("withoutFriendDiscount") === "on",
      deliverySeen: formText(form, "deliverySeen"),
    });
    return redirect(started.redirectUrl, 303);
  } catch (error) {
    const refusal = isAppError(error) ? error.fields?.friendDiscount : undefined;
    if (refusal) {
      const { pricing } = await checkoutSummary(operations, {});
      return data<ShippingActionData>({ ok: false, friendDiscount: { refusal, pricing }, values }, { status: 409 });
    }
    if (isAppError(error) && error.code === "UNAUTHENTICATED") {
      return data<ShippingActionData>({ ok: false, needsMember: true }, { status: 401 });
    }
    if (isAppError(error) && error.fields) {
      return data<ShippingActionData>({ ok: false, fieldErrors: error.fields, values }, { status: 400 });
    }
    const { message, status } = expectedFailure(error);
    return data<ShippingActionData>({ ok: false, message, changeBag: status === 409, values }, { status });
  }
}

const FIELDS = [
  { name: "name", label: "Full name", autoComplete: "name", type: "text" },
  { name: "email", label: "Email", autoComplete: "email", type: "email" },
  { name: "mobile", label: "Mobile number", autoComplete: "tel", type: "tel", hint: "A Singapore number, e.g. 9123 4567" },
  { name: "address", label: "Address", autoComplete: "street-address", type: "text", hint: "Block, street, unit number" },
  { name: "postalCode", label: "Postal code", autoComplete: "postal-code", type: "text", inputMode: "numeric" as const },
] as const;

export default function CheckoutShipping({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, result);
  const invalid = FIELDS.map((field) => field.name).filter((name) => result?.fieldErrors?.[name]);
  const prefill: Partial<Record<string, string>> = loaderData.prefill;
  const friendDiscount = result?.friendDiscount;
  const pricing = friendDiscount?.pricing ?? loaderData.pricing;
  const refusal = friendDiscount?.refusal ?? loaderData.referralRefusal;
  if (loaderData.needsMember || result?.needsMember) return <SubscriptionSignIn heading="h1" />;
  return (
    <div className="grid gap-8 md:grid-cols-[1fr_20rem]">
      <Form
        ref={form}
        method="post"
        noValidate
        className={`space-y-4 ${HIDE_FIELDS_OF_SAVED_ADDRESS}`}
        aria-labelledby="shipping-heading"
      >
        <h1 id="shipping-heading" className="text-2xl font-bold">
          Where should we deliver?
        </h1>
        {result?.message && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-sale">
            {result.message}
            {result.changeBag && (
              <>
                {" "}
                <Link to="/bag" className="underline">
                  Change your bag
                </Link>
              </>
            )}
          </p>
        )}
        {friendDiscount && (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 font-medium text-amber-900" data-testid="referral-refusal">
            {`${friendDiscount.refusal} Continue to pay ${formatMoney(friendDiscount.pricing.totalCents)} without it.`}
          </p>
        )}
        {/* Told why there is no friend's discount, the shopper goes on without it. */}
        {refusal && <input type="hidden" name="withoutFriendDiscount" value="on" />}
        <AddressChoice choices={loaderData.addressChoices} answer={result} />
        {/* The delivery this page shows: a checkout whose delivery changed since is refused. */}
        <input type="hidden" name="deliverySeen" value={loaderData.delivery.stamp} />
        {FIELDS.map((field) => {
          const error = result?.fieldErrors?.[field.name];
          const hint = "hint" in field ? field.hint : undefined;
          return (
            <div key={field.name} className={SAVED_ADDRESS_FIELDS.includes(field.name) ? "address-field" : undefined}>
              <label htmlFor={field.name} className="block font-medium">
                {field.label}
              </label>
              {hint && (
                <p id={`${field.name}-hint`} className="text-sm text-muted">
                  {hint}
                </p>
              )}
              <input
                id={field.name}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                inputMode={"inputMode" in field ? field.inputMode : undefined}
                defaultValue={result?.values?.[field.name] ?? prefill[field.name] ?? ""}
                {...errorProps(field.name, invalid, `${field.name}-error`, hint ? [`${field.name}-hint`] : [])}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-sale"
              />
              {error && (
                <p id={`${field.name}-error`} className="mt-1 text-sm font-medium text-sale">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <SaveAddressChoice choices={loaderData.addressChoices} answer={result} />
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="newsletter"
            defaultChecked={result?.values?.newsletter === "on"}
            className="size-4 accent-brand-700"
          />
          Send me news and member offers by email
        </label>
        {loaderData.consent && (
          <p id="subscription-consent" className="rounded-lg bg-slate-50 p-3 text-sm" data-testid="subscription-consent">
            {loaderData.consent}
          </p>
        )}
        <button
          type="submit"
          disabled={submitting}
          aria-describedby={loaderData.consent ? "subscription-consent" : undefined}
          className="w-full rounded-full bg-brand-700 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {submitting ? "Opening payment…" : "Continue to payment"}
        </button>
      </Form>
      <aside className="h-fit rounded-2xl border border-slate-200 bg-white p-5">
        <h2 className="mb-3 font-semibold">Order total</h2>
        <OrderTotals totals={pricing} discounts={checkoutDiscounts(pricing)} />
        {loaderData.delivery.chosen && (
          <p className="mt-3 text-sm text-muted" data-testid="shipping-delivery">
            {loaderData.delivery.chosen.name} delivery: <DeliveryDates window={loaderData.delivery.chosen} />
          </p>
        )}
        {!friendDiscount && refusal && (
          <p className="mt-3 text-sm text-amber-900" data-testid="referral-refusal">
            {refusal}
          </p>
        )}
      </aside>
    </div>
  );
}
