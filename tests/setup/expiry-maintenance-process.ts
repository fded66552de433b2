/**
 * A separate process running the loyalty maintenance once at NOW on a database (DATABASE_URL, else the
 * PGlite folder DATA_DIR), then printing "done <result as JSON>" and exiting. With STALL_MEMBER=<id>
 * it stops inside that member's expiry transaction, once the `expired` entry is written and before it
 * commits, prints "stalled" and waits there for the test to kill it.
 */
import { and, eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { runLoyaltyMaintenance } from "../../domain/loyalty/upkeep/maintenance.ts";
import { asJob } from "./loyalty-fixtures.ts";

const { DATABASE_URL, DATA_DIR = "", NOW = "", STALL_MEMBER } = process.env;
const database = await openDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir: DATA_DIR });

/** The shop's database, except that each transaction looks, before it commits, for the stalling member's expiry. */
const stalling: typeof database.db = new Proxy(database.db, {
  get(target, property, receiver) {
    if (property !== "transaction" || !STALL_MEMBER) return Reflect.get(target, property, receiver);
    const transaction: typeof target.transaction = (work, config) =>
      target.transaction(async (tx) => {
        const result = await work(tx);
        const written = await tx
          .select({ id: pointTransactions.id })
          .from(pointTransactions)
          .where(and(eq(pointTransactions.memberId, STALL_MEMBER), eq(pointTransactions.activityType, "expired")));
        if (written.length > 0) {
          process.stdout.write("stalled\n");
          // The embedded database holds no handle open, so this keeps the process alive until it is killed.
          setInterval(() => {}, 60_000);
          await new Promise(() => {});
        }
        return result;
      }, config);
    return transaction;
  },
});

const result = await runLoyaltyMaintenance(
  asJob(stalling, () => new Date(NOW)),
  {},
);
process.stdout.write(`done ${JSON.stringify(result)}\n`);
await database.close();
