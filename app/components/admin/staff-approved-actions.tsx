import { formatPoints } from "../../../domain/loyalty/programme/programme-copy.ts";
import { AdminForm, type Answer, SelectField, SubmitButton } from "./admin-form.tsx";
import { Section } from "./admin-parts.tsx";

export const APPROVE_ACTION_INTENT = "approve-action";

type StaffAction = { id: string; title: string; points: number };

/** The programme's actions staff approve that this member has not earned yet, credited one at a time. */
export function StaffApprovedActions({ actions, answer }: { actions: StaffAction[]; answer: Answer }) {
  if (actions.length === 0) return null;
  return (
    <Section id="approve-action" title="Actions staff approve">
      <AdminForm intent={APPROVE_ACTION_INTENT} answer={answer} className="flex flex-wrap items-end gap-3">
        <SelectField
          id="approve-action-id"
          label="Action the member has done"
          name="actionId"
          options={actions.map((action) => ({ value: action.id, label: `${action.title} (${formatPoints(action.points)})` }))}
          width="w-full sm:w-96"
        />
        <SubmitButton>Credit the action</SubmitButton>
      </AdminForm>
    </Section>
  );
}
