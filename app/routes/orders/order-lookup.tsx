import { useRef } from "react";
import { Form, redirect, useActionData } from "react-router";
import { claimGuestOrderAccess } from "../../../domain/orders/claim-guest-order.ts";
import { bagTokenOf } from "../../../domain/shared/context.ts";
import { PageHeading } from "../../components/page-heading.tsx";
import { requestContext } from "../../context.ts";
import { failureResult, formText, readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { bagCookie } from "../../lib/bag-cookie.server.ts";
import { errorProps, invalidFieldsOf, useFocusFirstError } from "../../lib/form-errors.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/order-lookup";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Find your order");

export async function action({ request, context }: Route.ActionArgs) {
  const { operations, settings, clientAddress } = context.get(requestContext);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  const typed = { invoiceId: formText(form, "invoiceId"), mobile: formText(form, "mobile") };
  try {
    const { invoiceId, bagToken } = await claimGuestOrderAccess(operations, { ...typed, clientAddress });
    const headers =
      bagToken !== bagTokenOf(operations.viewer) ? { "Set-Cookie": bagCookie(bagToken, settings.secureCookies) } : undefined;
    return redirect(`/order/${invoiceId}`, { headers });
  } catch (error) {
    return failureResult(error, { values: typed });
  }
}

export default function OrderLookup() {
  const result = useActionData<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, result);
  const invalid = invalidFieldsOf(result, ["invoiceId", "mobile"]);
  return (
    <>
      <PageHeading eyebrow="Orders" title="Find your order">
        Enter the invoice number from your confirmation email and the mobile number you gave at checkout.
      </PageHeading>
      <Form ref={form} method="post" className="mx-auto max-w-6xl space-y-4 px-4">
        <div className="max-w-sm space-y-4">
          <div>
            <label htmlFor="invoiceId" className="block font-medium">
              Invoice number
            </label>
            <input
              id="invoiceId"
              name="invoiceId"
              required
              autoComplete="off"
              defaultValue={result?.values?.invoiceId}
              {...errorProps("invoiceId", invalid, "lookup-error")}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 uppercase"
            />
          </div>
          <div>
            <label htmlFor="mobile" className="block font-medium">
              Mobile number
            </label>
            <input
              id="mobile"
              name="mobile"
              type="tel"
              required
              autoComplete="tel"
              defaultValue={result?.values?.mobile}
              {...errorProps("mobile", invalid, "lookup-error")}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
          {result && !result.ok && (
            <p id="lookup-error" role="alert" className="font-medium text-sale">
              {result.message}
            </p>
          )}
          <button type="submit" className="rounded-full bg-brand-700 px-6 py-2.5 font-semibold text-white">
            Find order
          </button>
        </div>
      </Form>
    </>
  );
}
