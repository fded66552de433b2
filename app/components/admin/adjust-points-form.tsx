import { MAX_ADJUSTMENT_REASON, MAX_POINT_ADJUSTMENT } from "../../../domain/loyalty/points/point-adjustment-limits.ts";
import { AdminForm, type Answer, Field, SubmitButton } from "./admin-form.tsx";
import { Section } from "./admin-parts.tsx";

/**
 * Credit ("Bonus Points") or debit ("Refund Adjustment") a member's points with a reason, within the
 * limits the operation holds to. Emptied once it worked, so a second click cannot move them again.
 */
export function AdjustPointsForm({ answer }: { answer: Answer }) {
  return (
    <Section id="adjust" title="Credit or debit points">
      <AdminForm answer={answer} resetAfter={answer} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <fieldset>
          <legend className="font-semibold">Direction</legend>
          <div className="flex flex-wrap gap-4">
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="direction" value="credit" defaultChecked /> Credit (Bonus Points)
            </label>
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="direction" value="debit" /> Debit (Refund Adjustment)
            </label>
          </div>
        </fieldset>
        <Field
          id="adjust-points"
          label="Points"
          name="points"
          type="number"
          required
          min={1}
          max={MAX_POINT_ADJUSTMENT}
          step={1}
          width="w-40"
        />
        <Field
          id="adjust-reason"
          label="Reason"
          name="reason"
          type="text"
          required
          maxLength={MAX_ADJUSTMENT_REASON}
          width="w-full max-w-xl"
        />
        <SubmitButton>Save points</SubmitButton>
      </AdminForm>
    </Section>
  );
}
