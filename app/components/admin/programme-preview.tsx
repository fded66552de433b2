import { Form } from "react-router";
import { formatPoints } from "../../../domain/loyalty/programme/programme-copy.ts";
import type { ProgrammePreview } from "../../../domain/loyalty/programme-drafts/preview-programme-draft.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { Field, SubmitButton } from "./admin-form.tsx";
import { Section, Stat } from "./admin-parts.tsx";

const TIER_NAMES = { green: "Green", gold: "Gold" } as const;
const count = (members: number) => `${formatNumber(members)} member${members === 1 ? "" : "s"}`;
const signed = (points: number) => `${points > 0 ? "+" : points < 0 ? "−" : "±"}${formatPoints(Math.abs(points))}`;

function TierMoves({ preview }: { preview: ProgrammePreview }) {
  const { atPublish, atGoldYearEnd, members } = preview;
  return (
    <>
      <p className="text-muted">
        Now: {count(members.green)} green, {count(members.gold)} gold. Counted as if the draft were published now.
      </p>
      {preview.tierPolicy === "rejudge" ? (
        <>
          <p className="mt-2">
            <strong>Rejudge:</strong> when the draft takes effect, every member is judged against its gold rule at once. Points
            already earned are never taken away.
          </p>
          <dl className="mt-3 grid gap-3 sm:grid-cols-2">
            <Stat label="Green → gold when it takes effect" value={count(atPublish.greenToGold)} />
            <Stat label="Gold → green when it takes effect" value={count(atPublish.goldToGreen)} />
          </dl>
        </>
      ) : (
        <>
          <p className="mt-2">
            <strong>Keep:</strong> no member changes tier when the draft takes effect; each keeps their tier until their gold year
            ends. The new rule judges them from then on.
          </p>
          <dl className="mt-3 grid gap-3 sm:grid-cols-3">
            <Stat label="Green members who would go gold at their next order" value={count(preview.atNextOrder)} />
            <Stat
              label="Gold members who would renew only under the draft (on their gold year's spend so far)"
              value={count(atGoldYearEnd.renewUnderDraftOnly)}
            />
            <Stat
              label="Gold members who would renew only under the current version"
              value={count(atGoldYearEnd.renewUnderCurrentOnly)}
            />
          </dl>
        </>
      )}
    </>
  );
}

function Liability({ liability }: { liability: ProgrammePreview["liability"] }) {
  const change = liability.draftPoints - liability.currentPoints;
  return (
    <>
      <p className="text-muted">
        The points the {formatNumber(liability.orders)} member orders credited in the last {liability.days} days would earn under
        the draft, minus under the version in force, each at the member's present tier. Earn actions and rewards are not counted.
      </p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <Stat label="Under the version in force" value={formatPoints(liability.currentPoints)} />
        <Stat label="Under the draft" value={formatPoints(liability.draftPoints)} />
        <Stat label="Change in points liability" value={signed(change)} />
      </dl>
    </>
  );
}

function Expiry({ expiry }: { expiry: ProgrammePreview["expiry"] }) {
  const count = (side: ProgrammePreview["expiry"]["draft"]) =>
    `${formatPoints(side.points)} (${formatNumber(side.members)} ${side.members === 1 ? "member" : "members"})`;
  return (
    <>
      <p className="text-muted">
        The points that would expire in the next {expiry.days} days if their members neither earn nor redeem, the draft taking
        effect now. A member last active before expiry is switched on gets a full period from then, never less.
      </p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Stat label="Under the version in force" value={count(expiry.current)} />
        <Stat label="Under the draft" value={count(expiry.draft)} />
      </dl>
    </>
  );
}

function SampleBag({ sample }: { sample: ProgrammePreview["sample"] }) {
  return (
    <>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <Field
          id="sample"
          label="Sample bag (S$, goods after discounts)"
          name="sample"
          inputMode="decimal"
          width="w-40"
          defaultValue={(sample.spendCents / 100).toFixed(2)}
        />
        <SubmitButton look="secondary">Work it out</SubmitButton>
      </Form>
      <table className="mt-3 w-full max-w-xl border-collapse text-left">
        <caption className="sr-only">Points a {formatMoney(sample.spendCents)} bag earns</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2">
              Tier
            </th>
            <th scope="col" className="py-2">
              Version in force
            </th>
            <th scope="col" className="py-2">
              Draft
            </th>
          </tr>
        </thead>
        <tbody>
          {[
            ...sample.rows.map((row) => ({ ...row, key: row.tier, label: TIER_NAMES[row.tier] })),
            ...sample.renewalRows.map((row) => ({
              ...row,
              key: `${row.tier}-renewal`,
              label: `${TIER_NAMES[row.tier]}, as a first subscription renewal`,
            })),
          ].map((row) => (
            <tr key={row.key} className="border-b border-slate-200">
              <th scope="row" className="py-2">
                {row.label}
              </th>
              <td className="py-2">{formatPoints(row.current)}</td>
              <td className="py-2 font-semibold">{formatPoints(row.draft)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function MemberCopy({ copy }: { copy: ProgrammePreview["copy"] }) {
  return (
    <>
      <ul className="space-y-3">
        {copy.texts.map((text) => (
          <li key={text.where} className="rounded-lg border border-slate-200 bg-white p-3">
            <p className="text-sm font-semibold text-muted">
              {text.where} {text.draft !== text.current && <span className="text-amber-950">· changes</span>}
            </p>
            <p className="mt-1">{text.draft}</p>
            {text.draft !== text.current && <p className="mt-1 text-sm text-muted">Now: {text.current}</p>}
          </li>
        ))}
      </ul>
      <h4 className="mt-4 font-bold text-brand-900">The earn page under the draft</h4>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {copy.actions.draft.map((action) => (
          <li key={action.id} className="rounded-lg border border-slate-200 bg-white p-3">
            <p className="font-semibold">
              {action.title} · {formatPoints(action.points)}
              {action.isDisabled && <span className="text-muted"> · Coming Soon</span>}
            </p>
            <p className="text-sm text-muted">{action.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

const numbers = (versions: ProgrammePreview["scheduled"]) => versions.map((version) => version.number).join(" and ");

/** What publishing the draft does to the versions scheduled after now (decision 040). */
export function ScheduledVersionsNote({ number, preview }: { number: number; preview: ProgrammePreview }) {
  const { scheduled, inForce } = preview;
  const last = scheduled.at(-1);
  if (!last) return null;
  const at = `${formatTimestamp(last.effectiveAt)} (Singapore time)`;
  return (
    <div id="scheduled-note" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="font-semibold">
        {scheduled.length === 1
          ? `Version ${last.number} is scheduled to take effect on ${at}.`
          : `Versions ${numbers(scheduled)} are scheduled, version ${last.number} last, on ${at}.`}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          Published now, or for a time before {at}: draft {number} takes version {last.number}'s place. All its rules take effect
          then (the preview compares them with version {inForce}, in force now), and version {last.number} never does: it goes
          back to being a draft, its rules kept, for you to check against version {number} and schedule again.
          {scheduled.length > 1 &&
            ` Only one version can go back to being the draft: to publish before version ${scheduled[0]?.number} takes effect, withdraw version ${last.number} first.`}
        </li>
        <li>
          Published for {at} or later: version {last.number} takes effect as scheduled, and draft {number} follows it.
        </li>
      </ul>
    </div>
  );
}

/** What publishing the draft would do, read against the real members (previewProgrammeDraft). */
export function ProgrammePreviewSections({ preview }: { preview: ProgrammePreview }) {
  return (
    <>
      <Section id="preview-tiers" title="Preview: tiers">
        <TierMoves preview={preview} />
      </Section>
      <Section id="preview-liability" title="Preview: points liability">
        <Liability liability={preview.liability} />
      </Section>
      <Section id="preview-expiry" title="Preview: points expiring">
        <Expiry expiry={preview.expiry} />
      </Section>
      <Section id="preview-sample" title="Preview: a sample bag">
        <SampleBag sample={preview.sample} />
      </Section>
      <Section id="preview-copy" title="Preview: what members read">
        <MemberCopy copy={preview.copy} />
      </Section>
    </>
  );
}
