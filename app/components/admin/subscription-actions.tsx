import type { SubscriptionStatus } from "../../../kernel/subscription-terms.ts";
import { AdminForm, type Answer, Field, SubmitButton } from "./admin-form.tsx";
import { Section } from "./admin-parts.tsx";

const BOX = "rounded-lg border border-slate-200 bg-white p-4";

/** What staff may do for the member, as the subscription stands: skip or pause an active one, resume a paused one, cancel any not cancelled. */
export function SubscriptionActions({
  status,
  nextRenewalOn,
  answer,
}: {
  status: SubscriptionStatus;
  nextRenewalOn: string;
  answer: Answer;
}) {
  if (status === "cancelled") return null;
  return (
    <Section id="actions" title="Act for the member">
      <p className="mb-3 text-muted">Each change is recorded in the audit log and the member is told by email.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {status === "active" && (
          <AdminForm intent="skip" hiddenFields={[["renewalOn", nextRenewalOn]]} className={BOX}>
            <p className="mb-3">The next box is not sent nor charged; the one after comes a cadence later.</p>
            <SubmitButton look="secondary">Skip the next box</SubmitButton>
          </AdminForm>
        )}
        {status === "paused" && (
          <AdminForm intent="resume" className={BOX}>
            <p className="mb-3">Renewals start again from the next date, or tomorrow if it has passed.</p>
            <SubmitButton>Resume</SubmitButton>
          </AdminForm>
        )}
        {status !== "payment_failed" && (
          <AdminForm intent="pause" answer={answer} className={`${BOX} grid gap-3`}>
            <Field id="pause-until" label="Pause until (empty: until resumed)" name="until" type="date" />
            <SubmitButton look="secondary" className="justify-self-start">
              {status === "paused" ? "Change the pause" : "Pause"}
            </SubmitButton>
          </AdminForm>
        )}
        <AdminForm intent="cancel" className={`${BOX} grid gap-3`}>
          <Field id="cancel-reason" label="Reason the member gave (optional)" name="reason" maxLength={500} />
          <SubmitButton look="danger" className="justify-self-start">
            Cancel the subscription
          </SubmitButton>
        </AdminForm>
      </div>
    </Section>
  );
}
