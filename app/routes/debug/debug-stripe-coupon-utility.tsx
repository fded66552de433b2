import { useRef } from "react";
import { data, Form } from "react-router";
import { checkPromotionCode, type PromotionCheck } from "../../../domain/checkout/check-promotion-code.ts";
import { CreateTestPromotionCodeInput, createTestPromotionCode } from "../../../domain/promotions/create-test-promotion-code.ts";
import { listPromotionCodes } from "../../../domain/promotions/list-promotion-codes.ts";
import { MAX_PERCENT_OFF } from "../../../domain/promotions/promotion.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { Answer, buttonClass, DebugSection, inputClass } from "../../components/debug/debug-ui.tsx";
import { PromotionPricing } from "../../components/debug/promotion-pricing.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { requestContext } from "../../context.ts";
import { readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { type DebugAnswer, debugFailure, requireDebugPage } from "../../lib/debug-page.server.ts";
import { errorProps, invalidFieldsOf, useFocusFirstError } from "../../lib/form-errors.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/debug-stripe-coupon-utility";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Debug: Promotion codes");

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requireDebugPage(ctx, request);
  const code = new URL(request.url).searchParams.get("check") ?? "";
  const codes = await listPromotionCodes(ctx.operations, {});
  if (!code) return { code, codes, check: null, checkAnswer: null };
  try {
    return { code, codes, check: await checkPromotionCode(ctx.operations, { code }), checkAnswer: null };
  } catch (error) {
    const { answer, status } = debugFailure(error);
    return data({ code, codes, check: null, checkAnswer: answer }, { status });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requireDebugPage(ctx, request);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  try {
    const created = await createTestPromotionCode(ctx.operations, formInput(CreateTestPromotionCodeInput, form));
    return data<DebugAnswer>({ ok: true, message: `Created ${created.code}.` });
  } catch (error) {
    const { answer, status } = debugFailure(error);
    return data(answer, { status });
  }
}

const CREATE_FIELDS = ["code", "kind", "value", "usageLimit", "lastDay"] as const;

export default function DebugStripeCouponUtility({ loaderData, actionData }: Route.ComponentProps) {
  const { code, codes, check, checkAnswer } = loaderData;
  return (
    <>
      <PageHeading eyebrow="Debug" title="Promotion codes">
        Payments use the shop's own promotion table: the payment session is created with the already discounted amounts, so no
        coupon exists at the payment provider.
      </PageHeading>
      <div className="px-4">
        <DebugSection id="codes-heading" title="All codes">
          <section
            className="mt-3 overflow-x-auto"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: on a narrow screen the table scrolls, and a keyboard must reach it to scroll it.
            tabIndex={0}
            aria-labelledby="codes-heading"
          >
            <table className="w-full text-left text-sm" data-testid="promotion-codes">
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2 pr-3">
                    Code
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Kind
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Value
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Starts
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Ends
                  </th>
                  <th scope="col" className="py-2">
                    Used
                  </th>
                </tr>
              </thead>
              <tbody>
                {codes.map((promotion) => (
                  <tr key={promotion.code} className="border-b border-slate-100">
                    <th scope="row" className="py-2 pr-3 font-semibold">
                      {promotion.code}
                    </th>
                    <td className="py-2 pr-3">{promotion.kind}</td>
                    <td className="py-2 pr-3">
                      {promotion.kind === "percent" ? `${promotion.value}%` : formatMoney(promotion.value)}
                    </td>
                    <td className="py-2 pr-3">{formatTimestamp(promotion.startsAt)}</td>
                    <td className="py-2 pr-3">{promotion.endsAt ? formatTimestamp(promotion.endsAt) : "never"}</td>
                    <td className="py-2">
                      {promotion.timesUsed} / {promotion.usageLimit ?? "no limit"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </DebugSection>
        <DebugSection id="check-heading" title="Check a code against your bag">
          <Form method="get" className="mt-3 grid gap-4 sm:grid-cols-[2fr_auto] sm:items-end">
            <div>
              <label htmlFor="check-code" className="block font-medium">
                Promotion code
              </label>
              <input
                id="check-code"
                name="check"
                required
                autoComplete="off"
                defaultValue={code}
                className={`${inputClass} uppercase`}
              />
            </div>
            <button type="submit" className={buttonClass}>
              Check
            </button>
          </Form>
          <Answer answer={checkAnswer} />
          {check && <CheckResult check={check} />}
        </DebugSection>
        <CreateCode answer={actionData} />
      </div>
    </>
  );
}

function CheckResult({ check }: { check: PromotionCheck }) {
  if (check.bag.lines.length === 0) return <p className="mt-3 text-sale">“{check.problem}” Add something to your bag first.</p>;
  return <PromotionPricing bag={check.bag} pricing={check.pricing} problem={check.problem} />;
}

function CreateCode({ answer }: { answer: DebugAnswer | undefined }) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, answer);
  const invalid = invalidFieldsOf(answer, CREATE_FIELDS);
  const fieldProps = (field: (typeof CREATE_FIELDS)[number], hint?: string) =>
    errorProps(field, invalid, "create-answer", hint ? [hint] : []);
  return (
    <DebugSection id="create-heading" title="Create a test code">
      <Form ref={form} method="post" className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <label htmlFor="create-code" className="block font-medium">
            Code (optional)
          </label>
          <input
            id="create-code"
            name="code"
            autoComplete="off"
            placeholder="TEST-XXXXXX"
            {...fieldProps("code")}
            className={`${inputClass} uppercase`}
          />
        </div>
        <div>
          <label htmlFor="create-kind" className="block font-medium">
            Kind
          </label>
          <select id="create-kind" name="kind" {...fieldProps("kind")} className={inputClass}>
            <option value="percent">percent</option>
            <option value="amount">amount</option>
          </select>
        </div>
        <div>
          <label htmlFor="create-value" className="block font-medium">
            Value
          </label>
          <input
            id="create-value"
            name="value"
            inputMode="numeric"
            required
            {...fieldProps("value", "create-value-hint")}
            className={inputClass}
          />
          <p id="create-value-hint" className="mt-1 text-sm text-muted">
            A percentage (1-{MAX_PERCENT_OFF}), or an amount in cents (500 is {formatMoney(500)}).
          </p>
        </div>
        <div>
          <label htmlFor="create-usage" className="block font-medium">
            Usage limit (optional)
          </label>
          <input id="create-usage" name="usageLimit" inputMode="numeric" {...fieldProps("usageLimit")} className={inputClass} />
        </div>
        <div>
          <label htmlFor="create-last-day" className="block font-medium">
            Last day (optional)
          </label>
          <input id="create-last-day" name="lastDay" type="date" {...fieldProps("lastDay")} className={inputClass} />
        </div>
        <div className="sm:self-end">
          <button type="submit" className={buttonClass}>
            Create code
          </button>
        </div>
      </Form>
      <div id="create-answer">
        <Answer answer={answer} />
      </div>
    </DebugSection>
  );
}
