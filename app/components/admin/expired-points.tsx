import { MAX_ADJUSTMENT_REASON } from "../../../domain/loyalty/points/point-adjustment-limits.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { AdminForm, type Answer, Field, SubmitButton } from "./admin-form.tsx";
import { Section } from "./admin-parts.tsx";

export const RESTORE_EXPIRY_INTENT = "restore-expiry";

type Expiry = { id: string; points: number; expiresOn: string; restoredOn: string | null };

/**
 * The member's expired points, newest first: each expiry still standing can be restored once, with a
 * reason, by staff who may correct points.
 */
export function ExpiredPoints({ expiries, mayRestore, answer }: { expiries: Expiry[]; mayRestore: boolean; answer: Answer }) {
  if (expiries.length === 0) return null;
  return (
    <Section id="expiries" title="Expired points">
      <ul className="space-y-3">
        {expiries.map((expiry) => (
          <li key={expiry.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <p>
              <span className="font-semibold">{formatNumber(expiry.points)} points</span> expired on {expiry.expiresOn}
              {expiry.restoredOn && <span className="text-muted"> · restored on {expiry.restoredOn}</span>}
            </p>
            {mayRestore && !expiry.restoredOn && (
              <AdminForm
                intent={RESTORE_EXPIRY_INTENT}
                answer={answer}
                hiddenFields={[["entryId", expiry.id]]}
                className="mt-3 flex flex-wrap items-end gap-3"
              >
                <Field
                  id={`restore-reason-${expiry.id}`}
                  label="Reason for restoring"
                  name="reason"
                  type="text"
                  required
                  maxLength={MAX_ADJUSTMENT_REASON}
                  width="w-full sm:w-96"
                />
                <SubmitButton>Restore {formatNumber(expiry.points)} points</SubmitButton>
              </AdminForm>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
