import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listScheduledJobs } from "../../domain/jobs/list-scheduled-jobs.ts";
import { runScheduledJob } from "../../domain/jobs/run-scheduled-job.ts";
import { SCHEDULED_JOBS } from "../../domain/jobs/scheduled-jobs.ts";
import type { MaintenanceResult } from "../../domain/loyalty/upkeep/maintenance.ts";
import type { Jobs } from "../../server/jobs.ts";
import { createMember, memberState } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";
import { eventually, openTestJobs, testServices } from "../setup/test-jobs.ts";

const NAME = "loyalty-maintenance";

describe(`running a scheduled job now (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let jobs: Jobs;
  beforeAll(async () => {
    database = await openTestDatabase();
    jobs = await openTestJobs(database);
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  const staff = (email: string, permission: "orders" | "points" = "orders") =>
    testContext(database.db, { viewer: { ...staffWith(permission), email }, ports: { jobs: jobs.queue } });
  const runs = async () => (await listScheduledJobs(staff("ops@staff.test"), {}))[0]?.runs ?? [];

  it("queues one run however many staff ask at once; the schedule's own run adds none, and its effects happen once", async () => {
    // A gold member whose gold year ended long ago with nothing spent: the upkeep turns them green.
    const member = await createMember(database.db);
    await database.db.execute(
      sql`update members set membership_status = 'gold', gold_start_at = now() - interval '400 days' where id = ${member.id}`,
    );
    const asked = await Promise.allSettled([
      runScheduledJob(staff("ana@staff.test"), { name: NAME }),
      runScheduledJob(staff("ben@staff.test"), { name: NAME }),
      runScheduledJob(staff("ana@staff.test"), { name: NAME }),
    ]);
    const queued = asked.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value.id] : []));
    expect(queued).toHaveLength(1);
    for (const outcome of asked.filter((each) => each.status === "rejected")) {
      expect(outcome.reason).toMatchObject({
        code: "CONFLICT",
        message: expect.stringMatching(/^A run is queued or running already/),
      });
    }
    // The schedule's own run in that time: refused by the same key.
    expect(await jobs.queue.send(NAME, {}, { singletonKey: SCHEDULED_JOBS[NAME].singletonKey })).toBeNull();
    expect(await queryRows(database.db, sql`select action, target, after from audit_log where action = 'job.run'`)).toEqual([
      { action: "job.run", target: NAME, after: { state: "queued", runId: queued[0] } },
    ]);
    expect(await runs()).toMatchObject([{ id: queued[0], state: "queued", askedBy: expect.stringMatching(/@staff\.test$/) }]);

    // The workers start, with the schedule's run at start; and the run is asked for again once done.
    await jobs.startWorkers(
      testServices(database, { jobs: jobs.queue, mailer: { send: async () => ({ messageId: "<m@test>" }) } }),
    );
    await eventually(runs, (list) => list.find((run) => run.id === queued[0])?.state === "done");
    const again = await runScheduledJob(staff("ana@staff.test"), { name: NAME });
    const done = await eventually(
      runs,
      (list) => list.every((run) => run.state === "done") && list.some((run) => run.id === again.id),
    );
    expect(done.find((run) => run.id === queued[0])?.output).toMatchObject({ demoted: 1 });
    expect(done.find((run) => run.id === again.id)?.output).toMatchObject({ demoted: 0 });
    expect(done.reduce((sum, run) => sum + (run.output as MaintenanceResult).demoted, 0)).toBe(1);
    expect((await memberState(database.db, member.id)).membershipStatus).toBe("green");
  });

  it("is for staff who look after the jobs, and only for scheduled jobs", async () => {
    await expect(runScheduledJob(staff("pat@staff.test", "points"), { name: NAME })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listScheduledJobs(staff("pat@staff.test", "points"), {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(runScheduledJob(staff("ana@staff.test"), { name: "send-email" as typeof NAME })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
  });
});
