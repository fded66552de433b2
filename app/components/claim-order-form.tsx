import { ReceiptText } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { claimWindowText } from "../../domain/loyalty/programme/programme-copy.ts";
import { CLAIM_ORDER_INTENT, type ClaimOrderResult } from "../lib/claim-order.ts";
import { errorProps, invalidFieldsOf, useFocusFirstError } from "../lib/form-errors.ts";
import { useProgrammeTerms } from "../lib/root-data.ts";

/** "Claim a past order": the invoice number and the mobile number on the order add it to the membership. */
export function ClaimOrderForm({ result }: { result: ClaimOrderResult | null }) {
  const terms = useProgrammeTerms();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === CLAIM_ORDER_INTENT;
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, result);
  const invalid = invalidFieldsOf(result, ["invoiceId", "mobile"]);
  const answer = useRef<HTMLParagraphElement>(null);
  const shown = useRef<ClaimOrderResult | null>(null);
  useEffect(() => {
    // Once the page has its new data (a claimed order lengthens the lists above the form), bring the
    // answer, which sits below the button, into view.
    if (!result || navigation.state !== "idle" || shown.current === result) return;
    shown.current = result;
    if (result.ok) form.current?.reset();
    answer.current?.scrollIntoView({ block: "nearest" });
  }, [result, navigation.state]);

  return (
    <section aria-labelledby="claim-order-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="claim-order-heading" className="flex items-center gap-2 text-lg font-bold text-brand-900">
        <ReceiptText aria-hidden="true" className="size-5" />
        Claim a past order
      </h2>
      <p className="mt-1 text-sm text-muted">
        Bought from us without signing in? Add the order with the invoice number from your confirmation email and the mobile
        number you gave at checkout. {terms && claimWindowText(terms)}
      </p>
      <Form ref={form} method="post" preventScrollReset className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value={CLAIM_ORDER_INTENT} />
        <div>
          <label htmlFor="claim-invoice-id" className="block font-medium">
            Invoice number
          </label>
          <input
            id="claim-invoice-id"
            name="invoiceId"
            required
            maxLength={20}
            autoComplete="off"
            autoCapitalize="characters"
            defaultValue={result?.values?.invoiceId}
            {...errorProps("invoiceId", invalid, "claim-order-error")}
            spellCheck={false}
            placeholder="e.g. 6A7K2QXN"
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 uppercase placeholder:normal-case"
          />
        </div>
        <div>
          <label htmlFor="claim-mobile" className="block font-medium">
            Mobile number on the order
          </label>
          <input
            id="claim-mobile"
            name="mobile"
            type="tel"
            required
            maxLength={20}
            autoComplete="tel"
            placeholder="e.g. 9123 4567"
            defaultValue={result?.values?.mobile}
            {...errorProps("mobile", invalid, "claim-order-error")}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-full bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {pending ? "Claiming…" : "Claim order"}
        </button>
      </Form>
      {result &&
        (result.ok ? (
          <p
            ref={answer}
            role="status"
            className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-3 font-medium text-emerald-900"
          >
            {result.message}
          </p>
        ) : (
          <p
            ref={answer}
            id="claim-order-error"
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-sale"
          >
            {result.message}
          </p>
        ))}
    </section>
  );
}
