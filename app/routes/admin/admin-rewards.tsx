import { Form, useActionData } from "react-router";
import { REWARD_KIND_LABELS, REWARD_KINDS } from "../../../domain/loyalty/reward-kinds.ts";
import type { RewardKind } from "../../../domain/loyalty/rewards.ts";
import { createReward, listRewardsForStaff, updateReward } from "../../../domain/loyalty/staff/manage-rewards.ts";
import { ActionMessage, Field, PRIMARY_BUTTON, Section, Table, TEXT_INPUT } from "../../components/admin/admin-parts.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { useResetAfterSuccess } from "../../lib/reset-after-success.ts";
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

export async function loader(args: Route.LoaderArgs) {
  const { operations, staff } = requireStaffPage(args);
  const rows = await refusedAsPage(listRewardsForStaff(operations, {}));
  return {
    csrfToken: staff.session.csrfToken,
    rewards: rows.map(({ createdAt: _created, updatedAt: _updated, ...row }) => ({
      ...row,
      kindLabel: REWARD_KIND_LABELS[row.optionKind],
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  const details = {
    id: formText(form, "id"),
    name: formText(form, "name"),
    description: formText(form, "description"),
    pointsCost: formText(form, "pointsCost"),
    position: formText(form, "position"),
  };
  try {
    if (formText(form, "intent") === "update") {
      const updated = await updateReward(operations, { ...details, active: form.get("active") === "on" });
      return { ok: true, message: `Saved ${updated.name}; members see it now.` } satisfies ActionResult;
    }
    const created = await createReward(operations, {
      ...details,
      optionKind: formText(form, "optionKind") as RewardKind,
    });
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
  const result = useActionData<typeof action>();
  const createForm = useResetAfterSuccess(result);
  const { csrfToken } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Rewards</h1>
      <ActionMessage result={result} />
      <Section id="rewards" title="Rewards catalogue">
        <p className="mb-3 text-muted">
          Members see a change at once. Rewards already in a member's bag keep the points they cost.
        </p>
        <Table caption="Rewards" headings={["Reward", "Points", "State"]} fitsPhone>
          {loaderData.rewards.map((reward) => (
            <tr key={reward.id} className="border-t border-slate-200 align-top">
              <td className="p-3">
                <span className="font-semibold">{reward.name}</span>
                <span className="block text-sm text-muted">
                  {reward.kindLabel} · <span className="font-mono">{reward.id}</span>
                </span>
              </td>
              <td className="p-3">{reward.pointsCost}</td>
              <td className="p-3">{reward.active ? "On" : "Switched off"}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section id="change" title="Change a reward">
        <div className="grid items-start gap-3 sm:grid-cols-2">
          {loaderData.rewards.map((reward) => (
            <details key={reward.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-700">
                Change {reward.name}
              </summary>
              <Form method="post" className="mt-2 space-y-2">
                <input type="hidden" name="csrf" value={csrfToken} />
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="id" value={reward.id} />
                <label className="flex min-h-11 items-center gap-2">
                  <input type="checkbox" name="active" defaultChecked={reward.active} /> On
                </label>
                <DetailFields idPrefix={`reward-${reward.id}`} reward={reward} />
                <button type="submit" className={PRIMARY_BUTTON}>
                  Save {reward.name}
                </button>
              </Form>
            </details>
          ))}
        </div>
      </Section>
      <Section id="create" title="New reward">
        <Form
          ref={createForm}
          method="post"
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
        >
          <input type="hidden" name="csrf" value={csrfToken} />
          <input type="hidden" name="intent" value="create" />
          <Field
            id="new-reward-id"
            label="Id (its redeem page's address)"
            name="id"
            required
            maxLength={60}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
          />
          <div>
            <label htmlFor="new-reward-kind" className="block font-semibold">
              Taken as
            </label>
            <select id="new-reward-kind" name="optionKind" className={TEXT_INPUT}>
              {REWARD_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {REWARD_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </div>
          <DetailFields idPrefix="new-reward" />
          <div className="flex items-end">
            <button type="submit" className={PRIMARY_BUTTON}>
              Create reward
            </button>
          </div>
        </Form>
      </Section>
    </>
  );
}
