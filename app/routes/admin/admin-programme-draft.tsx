import { redirect, useActionData } from "react-router";
import { deliveryTermsOf } from "../../../domain/delivery/delivery-option.ts";
import { standardDeliveryOf } from "../../../domain/delivery/delivery-options.ts";
import { programmeViewOf } from "../../../domain/loyalty/programme/get-programme.ts";
import { discardProgrammeDraft } from "../../../domain/loyalty/programme-drafts/discard-programme-draft.ts";
import { listProgrammeVersions } from "../../../domain/loyalty/programme-drafts/list-programme-versions.ts";
import { previewProgrammeDraft } from "../../../domain/loyalty/programme-drafts/preview-programme-draft.ts";
import { PublishInput, publishProgrammeDraft } from "../../../domain/loyalty/programme-drafts/publish-programme-draft.ts";
import { saveProgrammeDraft } from "../../../domain/loyalty/programme-drafts/save-programme-draft.ts";
import { editStamp } from "../../../domain/shared/edit-stamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { HOUR_MS, MINUTE_MS, singaporeDate, singaporeDateTimeText } from "../../../kernel/singapore-time.ts";
import { ActionMessage, AdminForm, Field, SubmitButton } from "../../components/admin/admin-form.tsx";
import { LINK, PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { ProgrammeHistory } from "../../components/admin/programme-history.tsx";
import { ProgrammePreviewSections, ScheduledVersionsNote } from "../../components/admin/programme-preview.tsx";
import { ProgrammeRulesForm } from "../../components/admin/programme-rules-form.tsx";
import { ContentArticle } from "../../components/content-article.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { programmeHelpHtml } from "../../lib/content/content-library.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { centsFromDollars } from "../../lib/money-input.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { onFormFields, programmeFormLabels, rulesFromForm } from "../../lib/programme-form.server.ts";
import { historyEntryOf } from "../../lib/programme-history.server.ts";
import type { Route } from "./+types/admin-programme-draft";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Programme draft"), { name: "robots", content: "noindex" }];

const SAMPLE_CENTS = 10_000;

export { rereadAfterStaleEdit as shouldRevalidate } from "../../lib/reread-after-stale-edit.ts";

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const versions = await refusedAsPage(listProgrammeVersions(operations, {}));
  const draft = versions.find((entry) => entry.state === "draft");
  if (!draft) throw redirect("/admin/programme");
  const typed = new URL(args.request.url).searchParams.get("sample");
  const sampleCents = typed === null ? SAMPLE_CENTS : centsFromDollars(typed);
  const readable = Number.isFinite(sampleCents);
  const preview = await refusedAsPage(
    previewProgrammeDraft(operations, { number: draft.number, sampleCents: readable ? sampleCents : SAMPLE_CENTS }),
  );
  // The scheduled time starts an hour ahead, on the minute.
  const soon = Math.ceil((operations.now().getTime() + HOUR_MS) / MINUTE_MS) * MINUTE_MS;
  const now = operations.now();
  const draftView = programmeViewOf({
    number: draft.number,
    effectiveAt: now,
    rules: draft.rules,
    publishedBy: "",
    publishedAt: now,
  });
  return {
    number: draft.number,
    rules: draft.rules,
    stamp: editStamp(draft.rules),
    helpHtml: programmeHelpHtml(operations.settings.brandName, draftView, deliveryTermsOf(await standardDeliveryOf(operations))),
    changes: historyEntryOf(draft),
    preview,
    sampleError: readable
      ? null
      : `"${typed?.slice(0, 20)}" is not an amount in S$; the sample shows ${formatMoney(SAMPLE_CENTS)}.`,
    scheduled: { date: singaporeDate(soon), time: singaporeDateTimeText(new Date(soon)).slice(11) },
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  const number = formText(form, "number");
  const intent = formText(form, "intent");
  if (intent === "publish") {
    let withdrew: number | null;
    try {
      ({ withdrew } = await publishProgrammeDraft(operations, formInput(PublishInput, form)));
    } catch (error) {
      return failureResult(error);
    }
    const withdrawn = withdrew === null ? "" : `&withdrawn=${withdrew}`;
    throw redirect(`/admin/programme?published=${encodeURIComponent(number)}${withdrawn}`);
  }
  if (intent === "discard") {
    try {
      await discardProgrammeDraft(operations, { number });
    } catch (error) {
      return failureResult(error);
    }
    throw redirect(`/admin/programme?discarded=${encodeURIComponent(number)}`);
  }
  const { rules, prefixes } = rulesFromForm(form);
  try {
    const seen = formText(form, "seen");
    const saved = await saveProgrammeDraft(operations, { number, rules, seen });
    const message =
      saved.changes.length === 0
        ? "Nothing changed."
        : `Saved draft ${saved.number}: ${saved.changes.map((change) => change.text).join("; ")}.`;
    return { ok: true, message } satisfies ActionResult;
  } catch (error) {
    return failureResult(onFormFields(error, prefixes), { labels: programmeFormLabels(form, prefixes) });
  }
}

export default function AdminProgrammeDraft({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { number, rules, stamp, changes, preview, sampleError, scheduled, helpHtml } = loaderData;
  return (
    <>
      <PageHeading title={`Programme draft ${number}`} back={{ to: "/admin/programme", label: "All versions" }}>
        Save the draft, read its preview against the members, then publish it. Published versions are never changed.
      </PageHeading>
      <nav aria-label="On this page" className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
        <a href="#rules-heading" className={LINK}>
          Rules
        </a>
        <a href="#preview-tiers-heading" className={LINK}>
          Preview
        </a>
        <a href="#publish-heading" className={LINK}>
          Publish
        </a>
      </nav>
      <ActionMessage result={result} />
      <Section id="changes" title="What the draft changes">
        <ProgrammeHistory entries={[changes]} />
      </Section>
      <Section id="rules" title="Rules">
        <ProgrammeRulesForm number={number} rules={rules} stamp={stamp} answer={result} />
      </Section>
      {sampleError && <p className="mt-6 font-semibold text-sale">{sampleError}</p>}
      <ProgrammePreviewSections preview={preview} />
      <details className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer font-semibold text-brand-900">
          The help centre's programme page under the draft
        </summary>
        <ContentArticle html={helpHtml} className="mt-3" />
      </details>
      <Section id="publish" title="Publish">
        <ScheduledVersionsNote number={number} preview={preview} />
        <AdminForm
          intent="publish"
          answer={result}
          hiddenFields={[
            ["number", String(number)],
            ["seen", stamp],
          ]}
          className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <fieldset>
            <legend className="font-semibold">When it takes effect</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="when" value="now" defaultChecked /> Now
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="when" value="scheduled" /> At this Singapore date and time
            </label>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="publish-date" label="Date (Singapore)" name="date" type="date" defaultValue={scheduled.date} />
            <Field id="publish-time" label="Time (Singapore)" name="time" type="time" defaultValue={scheduled.time} />
          </div>
          <p className="text-sm text-muted">
            Not in the past, and not before a version that has taken effect: the versions follow one another in one line.
          </p>
          <SubmitButton>Publish version {number}</SubmitButton>
        </AdminForm>
        <AdminForm intent="discard" hiddenFields={[["number", String(number)]]} className="mt-4">
          <SubmitButton look="danger">Discard draft {number}</SubmitButton>
        </AdminForm>
      </Section>
    </>
  );
}
