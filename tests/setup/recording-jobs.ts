import type { JobName, JobQueue, SendJobOptions } from "../../domain/jobs/job-queue.ts";

export type SentJob = { name: JobName; data: Record<string, unknown>; options: SendJobOptions | undefined };

/**
 * A job queue port that only records what was sent, for tests that run the job's operation
 * themselves, when they choose to (as a worker would, later).
 */
export function recordingJobs() {
  const sent: SentJob[] = [];
  const jobs: JobQueue = {
    send: async (name, data, options) => {
      sent.push({ name, data, options });
      return `recorded-${sent.length}`;
    },
    recentRuns: async () => [],
    listFailed: async () => [],
    retry: async () => false,
  };
  return { jobs, sent, named: (name: JobName) => sent.filter((job) => job.name === name) };
}

export type RecordingJobs = ReturnType<typeof recordingJobs>;
