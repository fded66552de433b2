import { Link } from "react-router";
import type { JobRun } from "../../../domain/shared/job-queue.ts";
import { AdminForm, SubmitButton } from "./admin-form.tsx";
import { LINK } from "./admin-parts.tsx";
import { DataTable } from "./data-table.tsx";
import { StatusBadge, type Tone } from "./status-badge.tsx";

/** A run as the jobs page shows it: its time in Singapore time, who asked, and what it did in words. */
export type RunView = { id: string; state: JobRun["state"]; asked: string; by: string; result: string };

export type ScheduledJobView = { name: string; label: string; everyMinutes: number; runs: RunView[] };

const STATES: Record<JobRun["state"], { words: string; tone: Tone }> = {
  queued: { words: "Queued", tone: "waiting" },
  running: { words: "Running", tone: "active" },
  done: { words: "Ran", tone: "done" },
  failed: { words: "Failed", tone: "off" },
  cancelled: { words: "Cancelled", tone: "off" },
};

/** Each scheduled job: how often it runs, its latest runs with what they did, and a button to run it now. */
export function ScheduledJobs({ jobs }: { jobs: ScheduledJobView[] }) {
  return (
    <ul className="space-y-4">
      {jobs.map((job) => (
        <li key={job.name} className="rounded-lg border border-slate-200 bg-white p-4">
          <h3 className="text-lg font-bold text-brand-900">{job.label}</h3>
          <p className="mt-1 text-muted">
            Runs every {job.everyMinutes} minutes. Run it now to see its effect without waiting: it does what is due now, once
            however many ask at the same time, and the schedule's next run finds it done.
          </p>
          <AdminForm intent="run" hiddenFields={[["name", job.name]]} className="mt-3 flex flex-wrap items-center gap-3">
            <SubmitButton>Run {job.label.toLowerCase()} now</SubmitButton>
            <Link to="/admin/jobs" className={LINK}>
              Check its runs again
            </Link>
          </AdminForm>
          <DataTable
            caption={`${job.label}: the latest runs`}
            className="mt-4"
            rows={job.runs}
            rowKey={(run) => run.id}
            empty="No runs yet."
            columns={[
              { heading: "Asked", cell: (run) => run.asked, className: "whitespace-nowrap" },
              { heading: "By", cell: (run) => run.by },
              {
                heading: "State",
                cell: (run) => <StatusBadge tone={STATES[run.state].tone}>{STATES[run.state].words}</StatusBadge>,
              },
              { heading: "What it did", cell: (run) => run.result },
            ]}
          />
        </li>
      ))}
    </ul>
  );
}
