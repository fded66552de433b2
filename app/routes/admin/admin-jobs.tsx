import { useActionData } from "react-router";
import { JOB_LABELS } from "../../../domain/jobs/job-labels.ts";
import { listFailedJobs } from "../../../domain/jobs/list-failed-jobs.ts";
import { listScheduledJobs } from "../../../domain/jobs/list-scheduled-jobs.ts";
import { RetryInput, retryJob } from "../../../domain/jobs/retry-job.ts";
import { RunNowInput, runScheduledJob } from "../../../domain/jobs/run-scheduled-job.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { ActionMessage, AdminForm, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
import { ScheduledJobs, type ScheduledJobView } from "../../components/admin/scheduled-jobs.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { runViewsOf } from "../../lib/job-runs.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-jobs";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Jobs"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const jobs = await refusedAsPage(listFailedJobs(operations, {}));
  const scheduled = await refusedAsPage(listScheduledJobs(operations, {}));
  return {
    scheduled: scheduled.map(
      (job): ScheduledJobView => ({
        name: job.name,
        label: JOB_LABELS[job.name],
        everyMinutes: job.everyMinutes,
        runs: runViewsOf(job),
      }),
    ),
    jobs: jobs.map((job) => ({
      id: job.id,
      name: job.name,
      label: JOB_LABELS[job.name],
      failedAt: formatTimestamp(job.failedAt ?? job.createdAt),
      attempts: job.attempts,
      error: job.error,
      data: JSON.stringify(job.data),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  if (formText(form, "intent") === "run") {
    try {
      const { name } = formInput(RunNowInput, form);
      await runScheduledJob(operations, { name });
      return {
        ok: true,
        message: `${JOB_LABELS[name]} is queued: it runs within seconds, and its runs below show what it did.`,
      } satisfies ActionResult;
    } catch (error) {
      return failureResult(error);
    }
  }
  try {
    await retryJob(operations, formInput(RetryInput, form));
    return { ok: true, message: "Sent back to the queue; it runs again shortly." } satisfies ActionResult;
  } catch (error) {
    return failureResult(error);
  }
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeading title="Jobs">The shop's background work: what runs on a schedule, and what failed.</PageHeading>
      <ActionMessage result={result} />
      <Section id="scheduled" title="Scheduled jobs">
        <ScheduledJobs jobs={loaderData.scheduled} />
      </Section>
      <Section id="failed" title="Failed jobs">
        <p className="text-muted">
          Background work that used up its retries. Fix the cause (a mail server, a payment provider), then retry it.
        </p>
        <DataTable
          caption="Failed jobs, the most recent first"
          className="mt-6"
          rows={loaderData.jobs}
          rowKey={(job) => job.id}
          empty="No failed jobs. Everything in the background has gone through."
          columns={[
            { heading: "Failed", cell: (job) => job.failedAt, className: "whitespace-nowrap" },
            { heading: "Job", cell: (job) => job.label },
            { heading: "Tries", cell: (job) => job.attempts, numeric: true },
            { heading: "Error", cell: (job) => job.error, className: "break-all text-sale" },
            { heading: "Data", cell: (job) => job.data, className: "font-mono text-xs break-all" },
            {
              heading: "",
              cell: (job) => (
                <AdminForm
                  hiddenFields={[
                    ["name", job.name],
                    ["id", job.id],
                  ]}
                >
                  <SubmitButton aria-label={`Retry: ${job.label}, failed ${job.failedAt}`}>Retry</SubmitButton>
                </AdminForm>
              ),
            },
          ]}
        />
      </Section>
    </>
  );
}
