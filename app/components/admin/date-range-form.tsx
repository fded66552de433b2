import { DEFAULT_RANGE_DAYS } from "../../../domain/dashboard/analytics-range.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { Field, SearchForm, SubmitButton } from "./admin-form.tsx";

/** The Singapore days a back-office page reports on, chosen in the page's address (a GET form). */
export function DateRangeForm({
  idPrefix,
  range,
  maxDays,
  className = "",
}: {
  idPrefix: string;
  range: { from: string; to: string };
  maxDays: number;
  className?: string;
}) {
  return (
    <SearchForm className={`grid gap-3 sm:grid-cols-3 sm:items-end ${className}`}>
      <Field id={`${idPrefix}-from`} label="From (Singapore day)" name="from" type="date" defaultValue={range.from} />
      <Field id={`${idPrefix}-to`} label="To (included)" name="to" type="date" defaultValue={range.to} />
      <SubmitButton>Show</SubmitButton>
      <p className="text-sm text-muted sm:col-span-3">
        Up to {formatNumber(maxDays)} days; the last {formatNumber(DEFAULT_RANGE_DAYS)} days unless you choose.
      </p>
    </SearchForm>
  );
}
