import { Form } from "react-router";
import { subscriptionDiscountLabel } from "../../domain/orders/price-adjustment.ts";
import { formatMoney } from "../../kernel/money.ts";

type Subscription = { cadenceWeeks: number; discountPercent: number; renewalCents: number | null };

/**
 * A subscribed bag line's terms: how often it comes, what each renewal will cost, and a form that
 * moves it to another cadence or back to a one-off purchase.
 */
export function SubscribedLineTerms({
  line,
  subscription,
  cadencesWeeks,
}: {
  line: { optionId: string };
  subscription: Subscription;
  cadencesWeeks: number[];
}) {
  const selectId = `cadence-${line.optionId}`;
  return (
    <div className="mt-1 space-y-1 text-sm" data-testid="line-subscription">
      <p>
        <span className="font-semibold text-brand-800">Every {subscription.cadenceWeeks} weeks</span>
        {" · "}
        {subscriptionDiscountLabel(subscription.discountPercent)}
      </p>
      {subscription.renewalCents !== null && (
        <p className="text-muted" data-testid="line-renewal">
          Each renewal: <strong className="text-ink">{formatMoney(subscription.renewalCents)}</strong> with shipping, at
          today&apos;s prices
        </p>
      )}
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="cadence" />
        <input type="hidden" name="optionId" value={line.optionId} />
        <label htmlFor={selectId} className="text-muted">
          Delivery
        </label>
        <select
          id={selectId}
          name="cadenceWeeks"
          defaultValue={String(subscription.cadenceWeeks)}
          className="min-h-9 rounded-lg border border-slate-300 px-2 py-1"
        >
          {cadencesWeeks.map((weeks) => (
            <option key={weeks} value={weeks}>
              Every {weeks} weeks
            </option>
          ))}
          <option value="">One-off purchase</option>
        </select>
        <button type="submit" className="font-semibold text-brand-700 underline">
          Change
        </button>
      </Form>
    </div>
  );
}
