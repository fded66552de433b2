import type { SubscriptionRule } from "../../../domain/loyalty/programme/programme-rules.ts";
import { Field } from "./admin-form.tsx";

/** The look of each section of the programme's draft form. */
export const FIELDSET = "grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3";
export const LEGEND = "px-1 text-lg font-bold text-brand-900";

export function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-2">
      <input type="checkbox" name={name} defaultChecked={checked} /> {label}
    </label>
  );
}

/** What subscription renewals earn beyond any order: a multiplier of their points, and a bonus on the first and every Nth. */
export function SubscriptionFields({ rules }: { rules: SubscriptionRule }) {
  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>Subscriptions</legend>
      <p className="text-sm text-muted sm:col-span-2 lg:col-span-3">
        Renewal orders earn and count towards gold like any order; these add to what they earn. 1× and 0 points add nothing.
      </p>
      <Field
        id="renewal-multiplier"
        label="Renewal points multiplier (× the order's points)"
        name="rules.subscriptions.renewalMultiplier"
        type="number"
        step="any"
        min={1}
        max={10}
        required
        defaultValue={rules.renewalMultiplier}
      />
      <Field
        id="renewal-bonus"
        label="Renewal bonus (points)"
        name="rules.subscriptions.renewalBonusPoints"
        type="number"
        min={0}
        required
        defaultValue={rules.renewalBonusPoints}
      />
      <Field
        id="renewal-bonus-every"
        label="Bonus on the first renewal and every Nth: N"
        name="rules.subscriptions.bonusEveryRenewals"
        type="number"
        min={1}
        max={52}
        required
        defaultValue={rules.bonusEveryRenewals}
      />
    </fieldset>
  );
}
