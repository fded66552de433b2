/**
 * Subscription renewals per second on PostgreSQL, through the real renewal job (runRenewals: the due
 * query, then each subscription claimed, charged off-session to the embedded test provider's kept
 * card, and its order placed with stock, points and emails), at 1,000 and 10,000 due (BENCH_DUE
 * changes the levels). Each level has members of its own, each with one subscription of a Luna box
 * due that day; the levels before it are cancelled, so only its own are due. Per level it writes the
 * renewals per second, the wall time and the SQL statements per renewal (the cost that must not grow
 * with the number due), and the plan of the job's due query. The job queue only records what a
 * renewal queues (emails, events), as tests do. Run through `npm run bench:renewals`, which starts a
 * throwaway PostgreSQL 15 cluster.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../db/client.ts";
import { members } from "../db/schema/members.ts";
import { stockLevels } from "../db/schema/stock.ts";
import { subscriptions } from "../db/schema/subscriptions.ts";
import { testPaymentMethods } from "../db/schema/test-payments.ts";
import { seedCatalog } from "../db/seed/seed.ts";
import { runRenewals } from "../domain/subscriptions/renewals/run-renewals.ts";
import { createTestPaymentProvider } from "../integrations/payments/test-provider.ts";
import { singaporeDayStart } from "../kernel/singapore-time.ts";
import { insertPaidOrder } from "../tests/setup/loyalty-fixtures.ts";
import { testContext } from "../tests/setup/operation-context.ts";
import { recordingJobs } from "../tests/setup/recording-jobs.ts";
import { LUNA } from "../tests/setup/subscription-fixtures.ts";

const LEVELS = (process.env.BENCH_DUE ?? "1000,10000").split(",").map(Number);
const CHUNK = 1000;
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error("TEST_DATABASE_URL is not set: run this through `npm run bench:renewals`.");

// Every statement the shop's code sends, counted where the pg driver sends it.
let statements = 0;
const send = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements++;
  return (send as (...rest: unknown[]) => unknown).apply(this, args);
} as typeof send;

const handle = await openDatabase({ databaseUrl });
const { db } = handle;
await seedCatalog(db);
// Enough of every box that no renewal is passed over for stock.
await db.update(stockLevels).set({ onHand: 10_000_000 });
const firstOrder = await insertPaidOrder(db, { subtotalCents: 3900 });

/** `count` members, each with a card the test provider keeps and one active Luna subscription due on `dueOn`. */
async function dueSubscriptions(count: number, dueOn: string): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - start) }, () => {
      const id = randomUUID();
      return { id, email: `bench-${id}@example.com`, customerId: `cus_test_${id}`, methodId: `pm_test_${id}` };
    });
    await db.insert(members).values(rows.map((row) => ({ id: row.id, email: row.email, name: "Bench Member" })));
    await db.insert(testPaymentMethods).values(
      rows.map((row) => ({
        id: row.methodId,
        customerId: row.customerId,
        cardNumber: "4242424242424242",
        brand: "visa",
        last4: "4242",
      })),
    );
    const inserted = await db
      .insert(subscriptions)
      .values(
        rows.map((row) => ({
          id: randomUUID(),
          memberId: row.id,
          optionId: LUNA,
          quantity: 1,
          cadenceWeeks: 4,
          nextRenewalOn: dueOn,
          shipping: {
            name: "Bench Member",
            email: row.email,
            mobile: "+6591234567",
            address: "1 Orchard Road",
            postalCode: "238801",
            newsletter: false,
          },
          providerCustomerId: row.customerId,
          paymentMethodId: row.methodId,
          cardBrand: "visa",
          cardLast4: "4242",
          discountPercent: 15,
          firstOrderId: firstOrder.id,
        })),
      )
      .returning({ id: subscriptions.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** The plan PostgreSQL picks for the job's due query, one line per node. */
async function dueQueryPlan(dueOn: string): Promise<string> {
  const due = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "active"), lte(subscriptions.nextRenewalOn, dueOn)))
    .orderBy(subscriptions.nextRenewalOn, subscriptions.id)
    .toSQL();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const plan = await client.query(`explain ${due.sql.replace(/\$(\d+)/g, (_, n) => `'${due.params[Number(n) - 1]}'`)}`);
    return plan.rows.map((row) => `    ${row["QUERY PLAN"]}`).join("\n");
  } finally {
    await client.end();
  }
}

const earlier: string[] = [];
const rows: string[] = [];
for (const [index, count] of LEVELS.entries()) {
  const dueOn = `${2040 + index}-01-07`;
  if (earlier.length > 0) {
    for (let start = 0; start < earlier.length; start += CHUNK) {
      await db
        .update(subscriptions)
        .set({ status: "cancelled" })
        .where(inArray(subscriptions.id, earlier.slice(start, start + CHUNK)));
    }
  }
  const ids = await dueSubscriptions(count, dueOn);
  earlier.push(...ids);
  await db.execute(sql`analyze`);
  const at = new Date((singaporeDayStart(dueOn) as Date).getTime() + 4 * 3_600_000);
  const jobs = recordingJobs().jobs;
  const payments = createTestPaymentProvider({ db, webhookSecret: "whsec_bench", jobs, now: () => at });
  const ctx = testContext(db, {
    now: () => at,
    viewer: { kind: "system", job: "renew-subscriptions" },
    ports: { payments, testPayments: payments, jobs },
  });
  const sentBefore = statements;
  const t0 = performance.now();
  const result = await runRenewals(ctx, {});
  const seconds = (performance.now() - t0) / 1000;
  const sent = statements - sentBefore;
  if (result.paid !== count) throw new Error(`${count} due, but the run came to ${JSON.stringify(result)}`);
  const row = [
    `| ${count.toLocaleString("en")} due`,
    `${(count / seconds).toFixed(0)} renewals/s`,
    `${((seconds * 1000) / count).toFixed(2)} ms per renewal`,
    `${(sent / count).toFixed(1)} statements per renewal`,
    `${seconds.toFixed(1)} s in all |`,
  ].join(" | ");
  rows.push(row);
  console.log(row);
  console.log(`  the due query's plan at ${count.toLocaleString("en")} due:\n${await dueQueryPlan(dueOn)}`);
}
console.log("\n| Due | Renewals per second | Wall time per renewal | Statements per renewal | Run |");
console.log("| --- | --- | --- | --- | --- |");
for (const row of rows) console.log(row);
await handle.close();
