import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { createMailer, type Mailer } from "../../integrations/email/mailer.ts";
import type { Jobs } from "../../server/jobs.ts";
import { sentEmailFiles } from "../setup/email-text.ts";
import { insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { memberWithPoints } from "../setup/redeem-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";
import { eventually, openTestJobs, testServices } from "../setup/test-jobs.ts";

const MEMBERS = 8;

describe(`member emails as jobs (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let outboxDir: string;
  const queues: Jobs[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    outboxDir = mkdtempSync(path.join(tmpdir(), "member-email-jobs-"));
    // Two queues on one database: two processes of the shop, each running the email workers.
    queues.push(await openTestJobs(database), await openTestJobs(database));
  });
  afterAll(async () => {
    for (const jobs of queues) await jobs.stop();
    await database.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it("sends each member's points email once when every order is credited three times at once by two processes", async () => {
    const [first, second] = queues as [Jobs, Jobs];
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => memberWithPoints(database.db, 0)));
    const orders = await Promise.all(
      members.map((member) => insertPaidOrder(database.db, { subtotalCents: 4_500, memberId: member.id })),
    );
    await Promise.all(
      orders.flatMap((order, n) =>
        [first, second, first].map((jobs) =>
          database.db.transaction((tx) =>
            creditOrderToMember(tx, jobs.queue, { memberId: members[n]?.id ?? "", order, creditPoints: true }),
          ),
        ),
      ),
    );
    const queued = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'send-email'`,
    );
    expect(queued[0]?.n).toBe(MEMBERS);

    const sends = new Map<string, number>();
    const outbox = createMailer({ from: "Nectar Lab <orders@nectarlab.test>", outboxDir });
    const mailer: Mailer = {
      send: (email) => {
        sends.set(email.key, (sends.get(email.key) ?? 0) + 1);
        return outbox.send(email);
      },
    };
    for (const jobs of [first, second]) await jobs.startWorkers(testServices(database, { mailer, jobs: jobs.queue }));
    await eventually(
      async () => (await database.db.select().from(emailOutbox).where(isNull(emailOutbox.sentAt))).length,
      (unsent) => unsent === 0,
    );

    const rows = await database.db
      .select()
      .from(emailOutbox)
      .where(and(isNotNull(emailOutbox.memberId), isNotNull(emailOutbox.sentAt)));
    expect(rows).toHaveLength(MEMBERS);
    expect([...sends.keys()].sort()).toEqual(rows.map((row) => row.id).sort());
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
    const recipients = sentEmailFiles(outboxDir).map(
      (file) => /^To: (.+?)\r?$/m.exec(readFileSync(path.join(outboxDir, file), "utf8"))?.[1],
    );
    expect(recipients.sort()).toEqual(members.map((member) => member.email).sort());
  });
});
