import { useActionData } from "react-router";
import {
  getPaymentMethods,
  SavePaymentMethodsInput,
  savePaymentMethods,
} from "../../../domain/checkout/payment-method-settings.ts";
import { OPTIONAL_METHODS, type OptionalMethod, REFUND_DAYS } from "../../../kernel/payment-methods.ts";
import { ActionMessage, AdminForm, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { type ActionResult, failureResult } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-payments";

export { rereadAfterStaleEdit as shouldRevalidate } from "../../lib/reread-after-stale-edit.ts";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Payment methods"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  return refusedAsPage(getPaymentMethods(operations, {}));
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  try {
    await savePaymentMethods(operations, formInput(SavePaymentMethodsInput, form));
    return { ok: true, message: "Payment methods saved. Checkouts started from now on offer them." } satisfies ActionResult;
  } catch (error) {
    return failureResult(error);
  }
}

/** What each switch means for the shopper and for staff. */
const ABOUT: Record<OptionalMethod, string> = {
  paynow:
    "A QR code the shopper scans with their bank app. The order is placed when the payment arrives, which may be a few minutes after checkout.",
  grabpay: `The shopper approves the payment in Grab. Refunds are possible up to ${REFUND_DAYS.grabpay} days after the payment.`,
  apple_pay: "Pays with a card kept in Apple Pay, on Safari and Apple devices.",
  google_pay: "Pays with a card kept in Google Pay, on Chrome and Android.",
};

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { accepted, stamp } = loaderData;
  return (
    <>
      <PageHeading title="Payment methods">
        How shoppers may pay at checkout. Cards are always accepted; the methods below are offered beside them.
      </PageHeading>
      <ActionMessage result={result} />
      <Section id="methods" title="Offered at checkout">
        <AdminForm
          hiddenFields={[["seen", stamp]]}
          answer={result}
          className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4"
        >
          <p className="flex items-start gap-3">
            <input id="method-card" type="checkbox" checked disabled className="mt-1 size-5" />
            <label htmlFor="method-card">
              <span className="font-semibold">Cards</span> <span className="text-muted">(always on)</span>
            </label>
          </p>
          {(Object.keys(OPTIONAL_METHODS) as OptionalMethod[]).map((method) => (
            <p key={method} className="flex items-start gap-3">
              <input
                id={`method-${method}`}
                type="checkbox"
                name={method}
                defaultChecked={accepted[method]}
                aria-describedby={`method-${method}-about`}
                className="mt-1 size-5"
              />
              <span>
                <label htmlFor={`method-${method}`} className="font-semibold">
                  {OPTIONAL_METHODS[method]}
                </label>
                <span id={`method-${method}-about`} className="block text-sm text-muted">
                  {ABOUT[method]}
                </span>
              </span>
            </p>
          ))}
          <SubmitButton className="justify-self-start">Save payment methods</SubmitButton>
        </AdminForm>
      </Section>
    </>
  );
}
