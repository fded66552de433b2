import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLoyaltyMaintenance } from "../../domain/loyalty/upkeep/maintenance.ts";
import { decodeCursor, loadPointHistoryPage } from "../../domain/members/point-history.ts";
import { asJob, createMember, memberDeps } from "../setup/loyalty-fixtures.ts";
import { addPointEntries } from "../setup/point-history-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`a deep page of point history is an index walk (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("reads a page far down a long history backwards through the history index once the scheduled work has run", async () => {
    const member = await createMember(database.db);
    await addPointEntries(database.db, member, 3_000);
    for (let other = 0; other < 20; other++) await addPointEntries(database.db, await createMember(database.db), 50);
    await runLoyaltyMaintenance(asJob(database.db), {});

    // A cursor some 2,000 entries down the history.
    let before: string | null = null;
    for (let page = 0; page < 20; page++) {
      before = (await loadPointHistoryPage(memberDeps(database.db), member.id, { first: 100, before })).nextCursor;
    }
    const position = before ? decodeCursor(before) : null;
    if (!position) throw new Error("no cursor that deep");
    // The statement loadPointHistoryPage runs for a page after a cursor.
    const plan = (await database.db.execute(sql`
      explain select * from point_transactions
      where member_id = ${member.id} and (transaction_at, id) < (${position.at}::timestamptz, ${position.id})
      order by transaction_at desc, id desc limit 21`)) as { rows: { "QUERY PLAN": string }[] };
    const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("Index Scan Backward using point_transactions_member_history_idx");
    expect(text).not.toContain("Sort");
  });
});
