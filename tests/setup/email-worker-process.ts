/**
 * A separate process running the shop's email workers on a database (DATABASE_URL, else the PGlite
 * folder DATA_DIR), sending through SMTP_URL, with quick timings. With ORDERS=n it first places n
 * paid orders with their confirmation jobs and prints "outbox <id>" for each. It prints "ready" once
 * working, and exits by itself when no outbox email is left unsent. Tests kill it and start it again.
 */
import { isNull } from "drizzle-orm";
import pino from "pino";
import { openDatabase } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { queueOrderEmail } from "../../domain/orders/order-email.ts";
import { createMailer } from "../../integrations/email/mailer.ts";
import { openJobs } from "../../server/jobs.ts";
import { insertPaidOrder } from "./loyalty-fixtures.ts";
import { testServices } from "./test-jobs.ts";

const { DATABASE_URL, DATA_DIR = "", SMTP_URL, ORDERS = "0" } = process.env;
const database = await openDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir: DATA_DIR });
const jobs = await openJobs({ database, databaseUrl: DATABASE_URL, logger: pino({ level: "silent" }), quick: true });
for (let n = 0; n < Number(ORDERS); n++) {
  const order = await insertPaidOrder(database.db, { subtotalCents: 3_000 + n });
  await database.db.transaction((tx) => queueOrderEmail(tx, jobs.queue, order.id, "order-confirmation"));
}
for (const { id } of await database.db.select({ id: emailOutbox.id }).from(emailOutbox)) process.stdout.write(`outbox ${id}\n`);

const mailer = createMailer({ from: "Nectar Lab <orders@nectarlab.test>", smtpUrl: SMTP_URL, outboxDir: "/nonexistent" });
await jobs.startWorkers(testServices(database, { mailer, jobs: jobs.queue }));
process.stdout.write("ready\n");

for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const unsent = await database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(isNull(emailOutbox.sentAt));
  if (unsent.length === 0) break;
}
await jobs.stop();
await database.close();
