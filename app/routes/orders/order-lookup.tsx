import { useRef } from "react";
import { Form, Link, redirect, useActionData } from "react-router";
import { ClaimGuestOrderInput, claimGuestOrderAccess } from "../../../domain/orders/claim-guest-order.ts";
import { listOwnOrders } from "../../../domain/orders/list-own-orders.ts";
import { bagTokenOf } from "../../../domain/shared/context.ts";
import { MemberOrders } from "../../components/member-orders.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { requestContext } from "../../context.ts";
import { failureResult, formText, readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { bagCookie } from "../../lib/bag-cookie.server.ts";
import { errorProps, invalidFieldsOf, useFocusFirstError } from "../../lib/form-errors.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { memberOrderRows } from "../../lib/member-order-rows.server.ts";
import { loginPath } from "../../lib/member-paths.ts";
import { privatePageHeaders } from "../../lib/member-session.server.ts";
import { orderPageOrNull, orderReturnPath } from "../../lib/order-verification.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/order-lookup";

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.orders ? "Orders" : "Find your order");

// A member's list is theirs alone.
export const headers: Route.HeadersFunction = privatePageHeaders;

/** Longest invoice number the form gives back from its address (the codes are 8 characters). */
const INVOICE_FIELD_LENGTH = 20;

/**
 * A signed-in member's own orders, and the lookup form for any order by invoice and mobile number.
 * An order page opened without access (a link from an email in another browser) sends the shopper
 * here with `invoice` filled in and `next`, the page to go on to once the mobile number is right.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { operations } = context.get(requestContext);
  const query = new URL(request.url).searchParams;
  const orders = operations.viewer.kind === "member" ? memberOrderRows(await listOwnOrders(operations, {})) : null;
  const next = orderPageOrNull(query.get("next")) ?? "";
  return { orders, invoiceId: (query.get("invoice") ?? "").slice(0, INVOICE_FIELD_LENGTH), next };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { operations, settings, clientAddress } = context.get(requestContext);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  const typed = formInput(ClaimGuestOrderInput.omit({ clientAddress: true }), form);
  try {
    const { invoiceId, bagToken } = await claimGuestOrderAccess(operations, { ...typed, clientAddress });
    const headers =
      bagToken !== bagTokenOf(operations.viewer) ? { "Set-Cookie": bagCookie(bagToken, settings.secureCookies) } : undefined;
    return redirect(orderReturnPath(invoiceId, formText(form, "next") || null), { headers });
  } catch (error) {
    return failureResult(error, { values: typed });
  }
}

export default function OrderLookup({ loaderData }: Route.ComponentProps) {
  const { orders, invoiceId, next } = loaderData;
  return orders ? (
    <>
      <PageHeading eyebrow="Orders" title="Orders">
        Your orders as a member, and any other order by its invoice number and mobile number.
      </PageHeading>
      <div className="mx-auto max-w-6xl space-y-6 px-4">
        <MemberOrders orders={orders} />
        <section aria-labelledby="lookup-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="lookup-heading" className="text-lg font-bold text-brand-900">
            Find another order
          </h2>
          <p className="mt-1 text-sm text-muted">
            An order bought without signing in, or by someone else: the invoice number from the confirmation email and the mobile
            number given at checkout.
          </p>
          <LookupForm invoiceId={invoiceId} next={next} />
        </section>
      </div>
    </>
  ) : (
    <>
      <PageHeading eyebrow="Orders" title="Find your order">
        {next
          ? "To open this order, enter the mobile number you gave at checkout, so that only you can see it."
          : "Enter the invoice number from your confirmation email and the mobile number you gave at checkout."}
      </PageHeading>
      <div className="mx-auto max-w-6xl px-4">
        <LookupForm invoiceId={invoiceId} next={next} />
        <p className="mt-6 max-w-sm text-sm text-muted">
          A member?{" "}
          <Link to={loginPath(next || "/order")} className="font-semibold text-brand-700 underline">
            Sign in
          </Link>{" "}
          to see the orders you bought signed in or have claimed.
        </p>
      </div>
    </>
  );
}

function LookupForm({ invoiceId, next }: { invoiceId: string; next: string }) {
  const result = useActionData<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, result);
  const invalid = invalidFieldsOf(result, ["invoiceId", "mobile"]);
  return (
    <Form ref={form} method="post" className="mt-4 max-w-sm space-y-4">
      {next && <input type="hidden" name="next" value={next} />}
      <div>
        <label htmlFor="invoiceId" className="block font-medium">
          Invoice number
        </label>
        <input
          id="invoiceId"
          name="invoiceId"
          required
          autoComplete="off"
          defaultValue={result?.values?.invoiceId ?? invoiceId}
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
    </Form>
  );
}
