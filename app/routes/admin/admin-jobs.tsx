import { Form, useActionData } from "react-router";
import type { JobName } from "../../../domain/jobs/job-queue.ts";
import { listFailedJobs } from "../../../domain/jobs/list-failed-jobs.ts";
import { retryJob } from "../../../domain/jobs/retry-job.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { ActionMessage, Table } from "../../components/admin/admin-parts.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-jobs";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Failed jobs"), { name: "robots", content: "noindex" }];

/** What each kind of job is, in the words of the people who run the shop. */
const JOB_LABELS: Record<JobName, string> = {
  "send-email": "Send an email",
  "loyalty-maintenance": "Loyalty upkeep (tiers, expiries)",
  "redeliver-webhook": "Deliver a payment webhook",
  "expire-checkout-session": "End an unpaid checkout",
  "complete-refund": "Complete a refund with the payment provider",
};

export async function loader(args: Route.LoaderArgs) {
  const { operations, staff } = requireStaffPage(args);
  const jobs = await refusedAsPage(listFailedJobs(operations, {}));
  return {
    csrfToken: staff.session.csrfToken,
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
  try {
    await retryJob(operations, { name: formText(form, "name") as JobName, id: formText(form, "id") });
    return { ok: true, message: "Sent back to the queue; it runs again shortly." } satisfies ActionResult;
  } catch (error) {
    return failureResult(error);
  }
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Failed jobs</h1>
      <p className="mt-2 text-muted">
        Background work that used up its retries. Fix the cause (a mail server, a payment provider), then retry it.
      </p>
      <ActionMessage result={result} />
      <div className="mt-6">
        {loaderData.jobs.length === 0 ? (
          <p>No failed jobs. Everything in the background has gone through.</p>
        ) : (
          <Table caption="Failed jobs, the most recent first" headings={["Failed", "Job", "Tries", "Error", "Data", ""]}>
            {loaderData.jobs.map((job) => (
              <tr key={job.id} className="border-t border-slate-200 align-top">
                <td className="p-3 whitespace-nowrap">{job.failedAt}</td>
                <td className="p-3">{job.label}</td>
                <td className="p-3 text-right">{job.attempts}</td>
                <td className="p-3 break-all text-sale">{job.error}</td>
                <td className="p-3 font-mono text-xs break-all">{job.data}</td>
                <td className="p-3">
                  <Form method="post">
                    <input type="hidden" name="csrf" value={loaderData.csrfToken} />
                    <input type="hidden" name="name" value={job.name} />
                    <input type="hidden" name="id" value={job.id} />
                    <button
                      type="submit"
                      aria-label={`Retry: ${job.label}, failed ${job.failedAt}`}
                      className="rounded-full bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
                    >
                      Retry
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </div>
    </>
  );
}
