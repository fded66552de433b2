import { useActionData } from "react-router";
import {
  CreateRewardInput,
  createReward,
  listRewardsForStaff,
  rewardStamp,
  UpdateRewardInput,
  updateReward,
} from "../../../domain/loyalty/rewards/manage-rewards.ts";
import { previewRewardChange } from "../../../domain/loyalty/rewards/preview-reward-change.ts";
import { REWARD_KIND_LABELS, REWARD_KINDS } from "../../../domain/loyalty/rewards/reward-kinds.ts";
import { ActionMessage, AdminForm, Field, SelectField, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { ConfirmRewardChange, type RewardConfirmation } from "../../components/admin/confirm-reward-change.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
import { StatusBadge } from "../../components/admin/status-badge.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-rewards";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Rewards"), { name: "robots", content: "noindex" }];

/** The form's labels, for messages about its fields. */
const FIELD_LABELS: Record<string, string> = {
  id: "The id",
  optionKind: "Taken as",
  name: "The name",
  description: "The description",
  pointsCost: "The points cost",
  position: "The position",
  active: "On",
};

const KIND_CHOICES = REWARD_KINDS.map((kind) => ({ value: kind, label: REWARD_KIND_LABELS[kind] }));

export { rereadAfterStaleEdit as shouldRevalidate } from "../../lib/reread-after-stale-edit.ts";

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const rows = await refusedAsPage(listRewardsForStaff(operations, {}));
  return {
    rewards: rows.map(({ createdAt: _created, updatedAt: _updated, ...row }) => ({
      ...row,
      kindLabel: REWARD_KIND_LABELS[row.optionKind],
      stamp: rewardStamp(row),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  try {
    if (formText(form, "intent") === "update") {
      const change = formInput(UpdateRewardInput, form);
      const preview = await previewRewardChange(operations, change);
      // A new cost or switch changes what points are worth: staff see the liability move before saving.
      if (preview.movesValue && formText(form, "confirmed") !== "1") {
        const fields = Object.entries(change)
          .filter(([name, value]) => name !== "active" && value !== undefined)
          .map(([name, value]): [string, string] => [name, String(value)]);
        return {
          confirm: { ...preview, fields: change.active ? [...fields, ["active", "on"]] : fields } satisfies RewardConfirmation,
        };
      }
      const updated = await updateReward(operations, change);
      return { ok: true, message: `Saved ${updated.name}; members see it now.` } satisfies ActionResult;
    }
    const created = await createReward(operations, formInput(CreateRewardInput, form));
    return { ok: true, message: `Created ${created.name}; members can redeem it now.` } satisfies ActionResult;
  } catch (error) {
    return failureResult(error, { labels: FIELD_LABELS });
  }
}

/** The fields a reward's create and edit forms share. */
function DetailFields({
  idPrefix,
  reward,
}: {
  idPrefix: string;
  reward?: { name: string; description: string; pointsCost: number; position: number };
}) {
  return (
    <>
      <Field id={`${idPrefix}-name`} label="Name" name="name" required maxLength={80} defaultValue={reward?.name} />
      <Field
        id={`${idPrefix}-description`}
        label="Description"
        name="description"
        required
        maxLength={500}
        defaultValue={reward?.description}
      />
      <Field
        id={`${idPrefix}-cost`}
        label="Points cost"
        name="pointsCost"
        type="number"
        required
        min={1}
        defaultValue={reward?.pointsCost}
      />
      <Field
        id={`${idPrefix}-position`}
        label="Position (lower comes first)"
        name="position"
        type="number"
        required
        min={0}
        defaultValue={reward?.position ?? 0}
      />
    </>
  );
}

export default function AdminRewards({ loaderData }: Route.ComponentProps) {
  const returned = useActionData<typeof action>();
  const confirmation = returned && "confirm" in returned ? returned.confirm : null;
  const result = returned && !("confirm" in returned) ? returned : undefined;
  const { rewards } = loaderData;
  return (
    <>
      <PageHeading title="Rewards" />
      {confirmation ? <ConfirmRewardChange confirmation={confirmation} /> : <ActionMessage result={result} />}
      <Section id="rewards" title="Rewards catalogue">
        <p className="mb-3 text-muted">
          Members see a change at once. Rewards already in a member's bag keep the points they cost.
        </p>
        <DataTable
          caption="Rewards"
          minWidth="phone"
          rows={rewards}
          rowKey={(reward) => reward.id}
          empty="No rewards yet."
          columns={[
            {
              heading: "Reward",
              cell: (reward) => (
                <>
                  <span className="font-semibold">{reward.name}</span>
                  <span className="block text-sm text-muted">
                    {reward.kindLabel} · <span className="font-mono">{reward.id}</span>
                  </span>
                </>
              ),
            },
            { heading: "Points", cell: (reward) => reward.pointsCost },
            {
              heading: "State",
              cell: (reward) => (
                <StatusBadge tone={reward.active ? "active" : "off"}>{reward.active ? "On" : "Switched off"}</StatusBadge>
              ),
            },
          ]}
        />
      </Section>
      <Section id="change" title="Change a reward">
        <div className="grid items-start gap-3 sm:grid-cols-2">
          {rewards.map((reward) => (
            <details key={reward.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-700">
                Change {reward.name}
              </summary>
              <AdminForm
                intent="update"
                hiddenFields={[
                  ["id", reward.id],
                  ["seen", reward.stamp],
                ]}
                className="mt-2 space-y-2"
              >
                <label className="flex min-h-11 items-center gap-2">
                  <input type="checkbox" name="active" defaultChecked={reward.active} /> On
                </label>
                <DetailFields idPrefix={`reward-${reward.id}`} reward={reward} />
                <SubmitButton>Save {reward.name}</SubmitButton>
              </AdminForm>
            </details>
          ))}
        </div>
      </Section>
      <Section id="create" title="New reward">
        <AdminForm
          intent="create"
          resetAfter={result}
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
        >
          <Field
            id="new-reward-id"
            label="Id (its redeem page's address)"
            name="id"
            required
            maxLength={60}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
          />
          <SelectField id="new-reward-kind" label="Taken as" name="optionKind" options={KIND_CHOICES} />
          <DetailFields idPrefix="new-reward" />
          <div className="flex items-end">
            <SubmitButton>Create reward</SubmitButton>
          </div>
        </AdminForm>
      </Section>
    </>
  );
}
