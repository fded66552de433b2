import { useActionData } from "react-router";
import type { CampaignStatus } from "../../../domain/loyalty/campaigns/campaign.ts";
import { AUDIENCE_LABELS, STACKING_RULE } from "../../../domain/loyalty/campaigns/campaign-copy.ts";
import { CreateCampaignInput, EditCampaignInput } from "../../../domain/loyalty/campaigns/campaign-input.ts";
import { createCampaign } from "../../../domain/loyalty/campaigns/create-campaign.ts";
import { editCampaign } from "../../../domain/loyalty/campaigns/edit-campaign.ts";
import { endCampaign } from "../../../domain/loyalty/campaigns/end-campaign.ts";
import { listCampaigns } from "../../../domain/loyalty/campaigns/list-campaigns.ts";
import { PREVIEW_DAYS, previewCampaignCost } from "../../../domain/loyalty/campaigns/preview-campaign-cost.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { singaporeDateTimeText } from "../../../kernel/singapore-time.ts";
import { ActionMessage, AdminForm, Field, SelectField, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
import { StatusBadge, type Tone } from "../../components/admin/status-badge.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-campaigns";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Campaigns"), { name: "robots", content: "noindex" }];

/** The words the form shows for each field, for messages about them. */
const LABELS = {
  name: "Name",
  kind: "Gives",
  multiplier: "Multiplier",
  bonusPoints: "Bonus points",
  scope: "Covers",
  scopeIds: "The series or products it covers",
  audience: "For",
  startsAt: "Starts",
  endsAt: "Ends",
};

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const { choices, ...lists } = await refusedAsPage(listCampaigns(operations, {}));
  const row = (campaign: (typeof lists.running)[number]) => ({
    id: campaign.id,
    name: campaign.name,
    headline: campaign.headline,
    status: campaign.status,
    runs: `${formatTimestamp(campaign.startsAt)} to ${formatTimestamp(campaign.endsAt)}`,
    audience: AUDIENCE_LABELS[campaign.audience],
    given: `${formatNumber(campaign.pointsGiven)} points on ${formatNumber(campaign.ordersGiven)} order${campaign.ordersGiven === 1 ? "" : "s"}`,
    endsAt: singaporeDateTimeText(campaign.endsAt),
  });
  return {
    choices,
    campaigns: [...lists.running, ...lists.upcoming, ...lists.finished].map(row),
    now: singaporeDateTimeText(new Date()),
  };
}

type CampaignAnswer = ActionResult & { created?: boolean; preview?: string };

/** The form's series and product boxes, as the one list of ids the chosen scope reads. */
function scopeIdsOf(form: FormData): string[] {
  const scope = formText(form, "scope");
  const field = scope === "series" ? "seriesIds" : scope === "products" ? "productIds" : null;
  return field ? form.getAll(field).filter((value) => typeof value === "string") : [];
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  const intent = formText(form, "intent");
  try {
    if (intent === "edit") {
      const edited = await editCampaign(operations, formInput(EditCampaignInput, form));
      return { ok: true, message: `Saved "${edited.name}".` } satisfies CampaignAnswer;
    }
    if (intent === "end") {
      const ended = await endCampaign(operations, { id: formText(form, "id") });
      const message = ended.calledOff
        ? `Called off "${ended.name}" before it started.`
        : `Ended "${ended.name}": orders paid from now on no longer get it.`;
      return { ok: true, message } satisfies CampaignAnswer;
    }
    const input = formInput(CreateCampaignInput, form, { scopeIds: scopeIdsOf(form) });
    if (intent === "preview") {
      const cost = await previewCampaignCost(operations, input);
      const worth = cost.valueCents === null ? "" : ` (about ${formatMoney(cost.valueCents)} in rewards)`;
      const preview =
        `Over the last ${PREVIEW_DAYS} days it would have added ${formatNumber(cost.bonusPoints)} points${worth} ` +
        `to ${formatNumber(cost.ordersWithBonus)} of ${formatNumber(cost.ordersLookedAt)} member orders that earned points.`;
      return { ok: true, message: "Estimated with the programme in force and each member's tier now.", preview };
    }
    const created = await createCampaign(operations, input);
    return { ok: true, created: true, message: `Created "${created.name}".` } satisfies CampaignAnswer;
  } catch (error) {
    return failureResult(error, { labels: LABELS });
  }
}

const KIND_CHOICES = [
  { value: "multiplier", label: "A points multiplier" },
  { value: "fixed", label: "A fixed bonus per order" },
];
const SCOPE_CHOICES = [
  { value: "all", label: "Every order" },
  { value: "series", label: "Series ticked below" },
  { value: "products", label: "Products ticked below" },
];
const AUDIENCE_CHOICES = Object.entries(AUDIENCE_LABELS).map(([value, label]) => ({ value, label }));

const STATUS: Record<CampaignStatus, { tone: Tone; label: string }> = {
  running: { tone: "active", label: "Running" },
  upcoming: { tone: "waiting", label: "Upcoming" },
  finished: { tone: "off", label: "Finished" },
};

type Choice = { id: string; name: string };

function Choices({ legend, name, choices }: { legend: string; name: string; choices: Choice[] }) {
  return (
    <fieldset>
      <legend className="font-semibold">{legend}</legend>
      <div className="mt-1 grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
        {choices.map((choice) => (
          <label key={choice.id} htmlFor={`${name}-${choice.id}`} className="flex min-h-11 items-center gap-2">
            <input id={`${name}-${choice.id}`} type="checkbox" name={name} value={choice.id} />
            {choice.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function AdminCampaigns({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as CampaignAnswer | undefined;
  const { choices, campaigns, now } = loaderData;
  return (
    <>
      <PageHeading title="Campaigns">
        Bonus points on paid orders for a time: a multiplier or a fixed bonus, on every order, a series or chosen products, for
        every member or one tier. Times are Singapore time.
      </PageHeading>
      <p className="mt-3 rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="stacking-rule">
        <strong>How campaigns stack: </strong>
        {STACKING_RULE}
      </p>
      <ActionMessage result={result} />
      {result?.preview && (
        <p className="mt-2 rounded-lg border border-brand-200 bg-white p-3 font-semibold" data-testid="campaign-preview">
          {result.preview}
        </p>
      )}
      <Section id="create" title="New campaign">
        <AdminForm
          resetAfter={result?.created ? result : undefined}
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
        >
          <Field id="campaign-name" label="Name" name="name" required maxLength={80} />
          <SelectField id="campaign-kind" label="Gives" name="kind" options={KIND_CHOICES} />
          <Field
            id="campaign-multiplier"
            label="Multiplier (2 doubles the points)"
            name="multiplier"
            inputMode="decimal"
            placeholder="2"
          />
          <Field id="campaign-bonus" label="Bonus points (fixed bonus)" name="bonusPoints" type="number" min={1} />
          <SelectField id="campaign-scope" label="Covers" name="scope" options={SCOPE_CHOICES} />
          <SelectField id="campaign-audience" label="For" name="audience" options={AUDIENCE_CHOICES} />
          <Field id="campaign-starts" label="Starts (blank: now)" name="startsAt" type="datetime-local" min={now} />
          <Field id="campaign-ends" label="Ends" name="endsAt" type="datetime-local" min={now} required />
          <div className="sm:col-span-3">
            <Choices legend="Series" name="seriesIds" choices={choices.series} />
          </div>
          <details className="sm:col-span-3">
            <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">Products</summary>
            <Choices legend="Products" name="productIds" choices={choices.products} />
          </details>
          <div className="flex flex-wrap gap-3 sm:col-span-3">
            <SubmitButton name="intent" value="create">
              Create campaign
            </SubmitButton>
            <SubmitButton look="secondary" name="intent" value="preview">
              Preview its cost
            </SubmitButton>
          </div>
        </AdminForm>
      </Section>
      <Section id="campaigns" title="All campaigns">
        <DataTable
          caption="Campaigns"
          rows={campaigns}
          rowKey={(campaign) => campaign.id}
          empty="No campaigns yet."
          minWidth="wide"
          columns={[
            {
              heading: "Campaign",
              rowHeader: true,
              cell: (campaign) => (
                <>
                  <span className="font-semibold">{campaign.name}</span>
                  <span className="block text-muted">{campaign.headline}</span>
                </>
              ),
            },
            { heading: "Runs", cell: (campaign) => campaign.runs },
            { heading: "For", cell: (campaign) => campaign.audience },
            { heading: "Given", cell: (campaign) => campaign.given },
            {
              heading: "Status",
              cell: (campaign) => <StatusBadge tone={STATUS[campaign.status].tone}>{STATUS[campaign.status].label}</StatusBadge>,
            },
            {
              heading: "Change",
              cell: (campaign) => (campaign.status === "finished" ? "—" : <ChangeForms campaign={campaign} />),
            },
          ]}
        />
      </Section>
    </>
  );
}

type Row = Route.ComponentProps["loaderData"]["campaigns"][number];

/** What may change about an unfinished campaign: its name and end; and ending it now. */
function ChangeForms({ campaign }: { campaign: Row }) {
  const end = campaign.status === "upcoming" ? "Call off" : "End now";
  return (
    <div className="space-y-2">
      <details>
        <summary className="cursor-pointer font-semibold text-brand-700">Change {campaign.name}</summary>
        <AdminForm intent="edit" hiddenFields={[["id", campaign.id]]} className="mt-2 space-y-2">
          <Field id={`name-${campaign.id}`} label="Name" name="name" defaultValue={campaign.name} required maxLength={80} />
          <Field id={`ends-${campaign.id}`} label="Ends" name="endsAt" type="datetime-local" defaultValue={campaign.endsAt} />
          <SubmitButton>Save</SubmitButton>
        </AdminForm>
      </details>
      <AdminForm intent="end" hiddenFields={[["id", campaign.id]]}>
        <SubmitButton look="danger" aria-label={`${end}: ${campaign.name}`}>
          {end}
        </SubmitButton>
      </AdminForm>
    </div>
  );
}
