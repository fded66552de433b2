import type { ScheduledJob } from "../../domain/jobs/list-scheduled-jobs.ts";
import type { MaintenanceResult } from "../../domain/loyalty/upkeep/maintenance.ts";
import type { JobRun } from "../../domain/shared/job-queue.ts";
import { formatTimestamp } from "../../kernel/format-timestamp.ts";
import { formatNumber } from "../../kernel/number-format.ts";
import type { RunView } from "../components/admin/scheduled-jobs.tsx";

const counted = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

const isMaintenanceResult = (output: unknown): output is MaintenanceResult =>
  typeof output === "object" && output !== null && "renewed" in output && "points" in output;

/** What a loyalty upkeep run did, only what it changed. */
function maintenanceWords(result: MaintenanceResult): string {
  const done: [number, string][] = [
    [result.renewed, counted(result.renewed, "gold year renewed", "gold years renewed")],
    [result.demoted, counted(result.demoted, "member back to green", "members back to green")],
    [
      result.rejudged.promoted,
      counted(result.rejudged.promoted, "member gold by a new version", "members gold by a new version"),
    ],
    [
      result.rejudged.demoted,
      counted(result.rejudged.demoted, "member green by a new version", "members green by a new version"),
    ],
    [
      result.points.expired,
      `${counted(result.points.expired, "member's", "members'")} points expired (${counted(result.points.pointsExpired, "point", "points")})`,
    ],
    [result.points.warnings, counted(result.points.warnings, "expiry warning recorded", "expiry warnings recorded")],
    [
      result.redeems.expired,
      `${counted(result.redeems.expired, "unclaimed reward", "unclaimed rewards")} taken back (${counted(result.redeems.pointsReturned, "point", "points")} returned)`,
    ],
    [
      result.referrals.credited,
      `${counted(result.referrals.credited, "referral", "referrals")} credited (${counted(result.referrals.points, "point", "points")})`,
    ],
    [
      result.goldEndingEmails + result.pointsExpiringEmails,
      counted(result.goldEndingEmails + result.pointsExpiringEmails, "email queued", "emails queued"),
    ],
  ];
  const changes = done.filter(([count]) => count > 0).map(([, words]) => words);
  return changes.length === 0 ? "Nothing was due." : `${changes.join("; ")}.`;
}

function resultOf(run: JobRun): string {
  if (run.state === "queued") return "Waiting for a worker: it starts within seconds.";
  if (run.state === "running") return "Running.";
  const message = (run.output as { message?: unknown } | null)?.message;
  if (run.state !== "done") return typeof message === "string" ? message : "Stopped.";
  return isMaintenanceResult(run.output) ? maintenanceWords(run.output) : "Done.";
}

export function runViewsOf(job: ScheduledJob): RunView[] {
  return job.runs.map((run) => ({
    id: run.id,
    state: run.state,
    asked: formatTimestamp(run.createdAt),
    by: run.askedBy ?? "The schedule",
    result: resultOf(run),
  }));
}
