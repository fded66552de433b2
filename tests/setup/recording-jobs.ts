import type { JobName, JobPayload, JobQueue, SendJobOptions } from "../../domain/shared/job-queue.ts";

/** A job as it was sent, its payload typed by its name. */
export type SentJob<Name extends JobName = JobName> = {
  [Each in Name]: { name: Each; data: JobPayload<Each>; options: SendJobOptions | undefined };
}[Name];

/**
 * A job queue port that only records what was sent, for tests that run the job's operation
 * themselves, when they choose to (as a worker would, later).
 */
export function recordingJobs() {
  const sent: SentJob[] = [];
  const jobs: JobQueue = {
    send: async (name, data, options) => {
      sent.push({ name, data, options } as SentJob);
      return `recorded-${sent.length}`;
    },
    recentRuns: async () => [],
    listFailed: async () => [],
    retry: async () => false,
  };
  const named = <Name extends JobName>(name: Name) => sent.filter((job) => job.name === name) as SentJob<Name>[];
  return { jobs, sent, named };
}

export type RecordingJobs = ReturnType<typeof recordingJobs>;
