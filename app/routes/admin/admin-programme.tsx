import { Link, redirect, useActionData } from "react-router";
import { listProgrammeVersions } from "../../../domain/loyalty/programme-drafts/list-programme-versions.ts";
import { startProgrammeDraft } from "../../../domain/loyalty/programme-drafts/start-programme-draft.ts";
import { WithdrawInput, withdrawProgrammeVersion } from "../../../domain/loyalty/programme-drafts/withdraw-programme-version.ts";
import { ActionMessage, AdminForm, SubmitButton } from "../../components/admin/admin-form.tsx";
import { LINK, PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { type HistoryEntry, ProgrammeHistory } from "../../components/admin/programme-history.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { historyEntryOf } from "../../lib/programme-history.server.ts";
import type { Route } from "./+types/admin-programme";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, "Loyalty programme"),
  { name: "robots", content: "noindex" },
];

/** What the draft page's last step did, said here where it lands. */
function doneMessage(query: URLSearchParams, entries: ReturnType<typeof historyEntryOf>[]): string | null {
  const published = entries.find((entry) => String(entry.number) === query.get("published"));
  const withdrawn = entries.find((entry) => String(entry.number) === query.get("withdrawn") && entry.state === "draft");
  if (published)
    return `Version ${published.number} is published: in force from ${published.effective} (Singapore time).${withdrawn ? ` Version ${withdrawn.number}, scheduled after it, is a draft again with its rules.` : ""}`;
  const discarded = query.get("discarded");
  return discarded && /^\d+$/.test(discarded) ? `Draft ${discarded} is discarded.` : null;
}

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const entries = (await refusedAsPage(listProgrammeVersions(operations, {}))).map(historyEntryOf);
  return { entries, done: doneMessage(new URL(args.request.url).searchParams, entries) };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  if (formText(form, "intent") === "withdraw") {
    try {
      const { number } = await withdrawProgrammeVersion(operations, formInput(WithdrawInput, form));
      return {
        ok: true,
        message: `Version ${number} is withdrawn: it is draft ${number} again, with its rules.`,
      } satisfies ActionResult;
    } catch (error) {
      return failureResult(error);
    }
  }
  try {
    await startProgrammeDraft(operations, {});
  } catch (error) {
    return failureResult(error);
  }
  throw redirect("/admin/programme/draft");
}

/** The version scheduled last can go back to being the draft while there is none. */
function WithdrawForm({ entry, draft }: { entry: HistoryEntry; draft: HistoryEntry | undefined }) {
  if (draft)
    return (
      <p className="mt-3 text-sm text-muted">
        To withdraw version {entry.number} before it takes effect, first publish or discard draft {draft.number}.
      </p>
    );
  return (
    <AdminForm
      intent="withdraw"
      hiddenFields={[["number", String(entry.number)]]}
      className="mt-3 flex flex-wrap items-center gap-3"
    >
      <SubmitButton look="danger">Withdraw version {entry.number}</SubmitButton>
      <span className="text-sm text-muted">It goes back to being a draft, its rules kept, until {entry.effective}.</span>
    </AdminForm>
  );
}

export default function AdminProgramme({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { entries, done } = loaderData;
  const draft = entries.find((entry) => entry.state === "draft");
  const latest = entries.find((entry) => entry.state !== "draft");
  // Newest first: the first scheduled is the one that takes effect last.
  const lastScheduled = entries.find((entry) => entry.state === "scheduled");
  return (
    <>
      <PageHeading title="Loyalty programme">
        The programme's rules are versions: a published version is never changed, only followed by a new one.
      </PageHeading>
      <ActionMessage result={result ?? (done ? { ok: true, message: done } : undefined)} />
      <Section id="draft" title="Draft">
        {draft ? (
          <p>
            Draft {draft.number}, started by {draft.createdBy}, changes version {draft.follows}.{" "}
            <Link to="/admin/programme/draft" className={LINK}>
              Edit, preview and publish draft {draft.number}
            </Link>
          </p>
        ) : (
          <AdminForm intent="start" className="flex flex-wrap items-center gap-3">
            <p>No draft. A new draft starts as a copy of version {latest?.number}.</p>
            <SubmitButton>Start a draft</SubmitButton>
          </AdminForm>
        )}
      </Section>
      <Section id="history" title="Versions">
        <ProgrammeHistory
          entries={entries}
          actions={(entry) => entry === lastScheduled && <WithdrawForm entry={entry} draft={draft} />}
        />
      </Section>
    </>
  );
}
