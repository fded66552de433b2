import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobDefinition } from "../../domain/jobs/define-job.ts";
import { SCHEDULED_JOB_NAMES } from "../../domain/jobs/scheduled-jobs.ts";
import { JOB_NAMES } from "../../domain/shared/job-queue.ts";
import type { Mailer } from "../../integrations/email/mailer.ts";
import type { Jobs } from "../../server/jobs.ts";
import { JOB_DEFINITIONS } from "../../server/registered-jobs.ts";
import { definitionsInDomain } from "../setup/domain-definitions.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";
import { eventually, openTestJobs, testServices } from "../setup/test-jobs.ts";

const isJobDefinition = (value: unknown): value is JobDefinition =>
  typeof value === "object" &&
  value !== null &&
  "payload" in value &&
  "run" in value &&
  "queue" in value &&
  typeof value.run === "function";

const { found, written } = await definitionsInDomain(isJobDefinition, {
  name: "defineJob",
  file: path.join("jobs", "define-job.ts"),
});

const registered: readonly JobDefinition[] = JOB_DEFINITIONS;
const names = (definitions: readonly JobDefinition[]) => definitions.map((definition) => definition.name).sort();

describe("every job has one definition, registered", () => {
  it("finds each definition written, exported once", () => {
    expect(found.length).toBe(written);
    expect(new Set(found.map(({ definition }) => definition)).size).toBe(found.length);
  });

  it("has exactly one definition for each job the queue runs, and registers every one", () => {
    expect(names(found.map(({ definition }) => definition))).toEqual([...JOB_NAMES].sort());
    expect(names(registered)).toEqual([...JOB_NAMES].sort());
    for (const { exportName, file, definition } of found) {
      expect(registered, `${exportName} (${file}) is not registered`).toContain(definition);
    }
  });

  it("sets a queue a worker can run: retries, a time limit and at least one worker", () => {
    for (const { name, queue } of registered) {
      expect(queue.retryLimit, name).toBeGreaterThanOrEqual(0);
      expect(queue.retryDelaySeconds, name).toBeGreaterThan(0);
      expect(queue.expireInSeconds, name).toBeGreaterThan(0);
      expect(queue.workers, name).toBeGreaterThanOrEqual(1);
    }
  });

  it.each(SCHEDULED_JOB_NAMES)("runs the scheduled %s on the schedule's payload and on a staff member's", (name) => {
    const definition = registered.find((each) => each.name === name);
    expect(definition?.payload.safeParse({}).success).toBe(true);
    expect(definition?.payload.safeParse({ askedBy: "ops@example.com" }).success).toBe(true);
  });
});

describe(`a job whose stored payload its definition does not accept (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let jobs: Jobs;
  const mailed: string[] = [];
  const mailer: Mailer = {
    async send(email) {
      mailed.push(email.key);
      return { messageId: `<${email.key}@test>` };
    },
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    jobs = await openTestJobs(database);
    await jobs.startWorkers(testServices(database, { mailer, jobs: jobs.queue }));
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  it("fails without running, saying what is wrong with the payload", async () => {
    const outboxId = randomUUID();
    // As an older release or a hand-written row might have stored it: the compiler refuses this send.
    const misspelt = { outboxid: outboxId } as unknown as { outboxId: string };
    const id = await jobs.queue.send("send-email", misspelt, { retryLimit: 0 });

    const failedOne = async () => (await jobs.queue.listFailed(50)).filter((job) => job.id === id);
    const [failed] = await eventually(failedOne, (list) => list.length === 1);
    expect(failed).toMatchObject({ name: "send-email", attempts: 1, data: { outboxid: outboxId } });
    expect(failed?.error).toMatch(/^This send-email job's payload is not one it runs, so it did not run: outboxId: /);
    expect(mailed).toEqual([]);
  });
});
