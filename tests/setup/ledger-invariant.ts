import { sql } from "drizzle-orm";
import { afterEach, expect } from "vitest";
import type { Database } from "../../db/client.ts";
import { queryRows } from "./test-database.ts";

type MemberLedger = { memberId: string; points: number; ledger: number };

/** Every member's balance next to the sum of their entries (credits +, debits −). */
export async function memberLedgers(db: Database): Promise<MemberLedger[]> {
  return queryRows<MemberLedger>(
    db,
    sql`select m.id as "memberId", m.points, coalesce((
          select sum(case when t.transaction_type = 'credit' then t.points else -t.points end)
          from point_transactions t where t.member_id = m.id), 0)::int as ledger
        from members m order by m.id`,
  );
}

/**
 * The points ledger's invariants, for every member in the database: the balance equals the sum of the
 * member's entries, and it is never below zero. Call it after any test that moves points, above all
 * after concurrent ones.
 */
export async function expectLedgerInvariant(db: Database): Promise<void> {
  const rows = await memberLedgers(db);
  const broken = rows.filter((row) => row.points !== row.ledger || row.points < 0);
  expect(broken, "members whose points differ from their ledger or are below zero").toEqual([]);
}

/** Every credit carries an idempotency key, so no retry can credit twice. */
export async function expectEveryCreditKeyed(db: Database): Promise<void> {
  const rows = await queryRows<{ id: string; activityType: string }>(
    db,
    sql`select id, activity_type as "activityType" from point_transactions
        where transaction_type = 'credit' and idempotency_key is null`,
  );
  expect(rows, "credits without an idempotency key").toEqual([]);
}

/** Checks both ledger rules after every test of the calling suite. */
export function checkLedgerAfterEach(db: () => Database): void {
  afterEach(async () => {
    await expectLedgerInvariant(db());
    await expectEveryCreditKeyed(db());
  });
}
