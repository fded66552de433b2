import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client.ts";
import { programmeVersions } from "../../../db/schema/programme.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { loadProgrammeSchedule, programmeAt } from "../programme/programme.ts";
import { ProgrammeRules } from "../programme/programme-rules.ts";
import { recordTierChanged } from "./tier-events.ts";
import { memberSpendSql } from "./tier-judgement.ts";

/** Members judged in one transaction: each batch locks its members only while it changes them. */
export const REJUDGE_BATCH = 1_000;

export type RejudgeResult = { promoted: number; demoted: number };

/**
 * The "rejudge" tier policy (decision 040), carried out by the scheduled loyalty work once a version
 * that asks for it has taken effect: every member is judged at the version's effective time against its
 * gold rule. A green member whose qualifying spend in the new window reaches the new threshold is gold
 * from that time; a gold member whose spend that earned their gold no longer reaches it is green again,
 * their spend window restarting then. Members whose gold started at or after that time were already
 * judged by the new rules. Points are never touched; each change is a `tier.changed` event.
 *
 * Batches go through the members by id. Each locks the version's row first, so processes running the
 * maintenance at once take turns, and records how far it got (tiers_judged_through) in the same
 * transaction as its changes; the last sets tiers_judged_at. So every member is judged exactly once.
 */
export async function rejudgeTiers(db: Database, jobs: JobQueue, now: Date, batchSize = REJUDGE_BATCH): Promise<RejudgeResult> {
  const due = await db
    .select({ number: programmeVersions.number })
    .from(programmeVersions)
    .where(
      and(
        eq(programmeVersions.state, "published"),
        isNull(programmeVersions.tiersJudgedAt),
        lte(programmeVersions.effectiveAt, now),
        sql`${programmeVersions.rules}->>'tierPolicy' = 'rejudge'`,
      ),
    )
    .orderBy(asc(programmeVersions.effectiveAt), asc(programmeVersions.number));
  const result: RejudgeResult = { promoted: 0, demoted: 0 };
  for (const { number } of due) {
    for (let finished = false; !finished; ) {
      finished = await db.transaction(async (tx) => judgeBatch(tx, jobs, number, now, batchSize, result));
    }
  }
  return result;
}

async function judgeBatch(
  tx: Tx,
  jobs: JobQueue,
  number: number,
  now: Date,
  batchSize: number,
  result: RejudgeResult,
): Promise<boolean> {
  const [version] = await tx
    .select()
    .from(programmeVersions)
    .where(and(eq(programmeVersions.number, number), isNull(programmeVersions.tiersJudgedAt)))
    .for("update");
  // Another process finished it while this one waited.
  if (!version?.effectiveAt) return true;
  const at = version.effectiveAt;
  const rules = ProgrammeRules.parse(version.rules);
  const schedule = await loadProgrammeSchedule(tx);
  const before = programmeAt(schedule, new Date(at.getTime() - 1)).rules;
  const after = version.tiersJudgedThrough ?? "";
  const batch = (await tx.execute(sql`
    select id from members where id > ${after} order by id limit ${batchSize} for update`)) as unknown as {
    rows: { id: string }[];
  };
  const last = batch.rows.at(-1)?.id;
  if (!last) {
    await tx.update(programmeVersions).set({ tiersJudgedAt: now }).where(eq(programmeVersions.number, number));
    return true;
  }
  const judged = memberSpendSql({
    rules,
    current: before,
    at,
    memberFilter: sql`m.id > ${after} and m.id <= ${last}`,
  });
  const changed = (await tx.execute(sql`
    with judgement as (${judged})
    update members m set
      membership_status = case j.status when 'green' then 'gold' else 'green' end,
      gold_start_at = case j.status when 'green' then ${at.toISOString()}::timestamptz else null end,
      tier_window_start_at = case j.status when 'green' then j.promotion_from else ${at.toISOString()}::timestamptz end,
      updated_at = ${now.toISOString()}::timestamptz
    from judgement j
    where m.id = j.id and (
      (j.status = 'green' and j.toward_gold >= ${rules.gold.thresholdCents})
      or (j.status = 'gold' and j.gold_start_at < ${at.toISOString()}::timestamptz and j.earned_gold < ${rules.gold.thresholdCents})
    )
    returning m.id, j.status as was`)) as unknown as { rows: { id: string; was: "green" | "gold" }[] };
  for (const { id, was } of changed.rows) {
    if (was === "green") result.promoted += 1;
    else result.demoted += 1;
    const promoted = was === "green";
    await recordTierChanged(tx, jobs, {
      memberId: id,
      change: promoted ? "promoted" : "demoted",
      at,
      goldStartAt: promoted ? at : null,
      recordedAt: now,
    });
  }
  await tx.update(programmeVersions).set({ tiersJudgedThrough: last }).where(eq(programmeVersions.number, number));
  return false;
}
