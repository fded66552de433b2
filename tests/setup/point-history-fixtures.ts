import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/**
 * Adds `count` ledger entries to a member in one statement, older than the member's sign-up: three at
 * a time share one transaction time to the microsecond, and some stand a single microsecond apart, so
 * paging has ties and near-ties to get right. The balance moves with them, as the ledger keeps it.
 */
export async function addPointEntries(db: Database, member: { id: string; email: string }, count: number): Promise<void> {
  await db.execute(sql`
    insert into point_transactions
      (id, member_id, email, activity_type, transaction_type, points, meta, programme_version, transaction_at, created_at, updated_at)
    select gen_random_uuid()::text, ${member.id}, ${member.email}, 'manual-credit', 'credit', i, '{}'::jsonb, 1, at, at, at
    from generate_series(1, ${count}) as i,
      lateral (select timestamptz '2026-06-01 08:00:00.123456+00' - (i / 3) * interval '1 minute'
        - case when i % 7 = 0 then interval '1 microsecond' else interval '0' end as at) as stamp`);
  await db.execute(sql`
    update members set points = (
      select sum(case when transaction_type = 'credit' then points else -points end)
      from point_transactions where member_id = ${member.id})
    where id = ${member.id}`);
}

/** The member's entry ids in the history's order, newest first, read straight from the ledger. */
export async function historyIds(db: Database, memberId: string): Promise<string[]> {
  const result = (await db.execute(
    sql`select id from point_transactions where member_id = ${memberId} order by transaction_at desc, id desc`,
  )) as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/** The member's entry ids the history places below another entry (any member's), newest first. */
export async function historyIdsBelow(db: Database, memberId: string, entryId: string): Promise<string[]> {
  const result = (await db.execute(
    sql`select id from point_transactions
      where member_id = ${memberId}
        and (transaction_at, id) < (select transaction_at, id from point_transactions where id = ${entryId})
      order by transaction_at desc, id desc`,
  )) as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}
