import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { recordPointEntry } from "../../domain/loyalty/points/point-ledger.ts";
import type { ProgrammeRules } from "../../domain/loyalty/programme/programme-rules.ts";
import { listProgrammeVersions } from "../../domain/loyalty/programme-drafts/list-programme-versions.ts";
import { publishProgrammeDraft } from "../../domain/loyalty/programme-drafts/publish-programme-draft.ts";
import { saveProgrammeDraft } from "../../domain/loyalty/programme-drafts/save-programme-draft.ts";
import { startProgrammeDraft } from "../../domain/loyalty/programme-drafts/start-programme-draft.ts";
import { noJobQueue, staffWith, testContext } from "./operation-context.ts";

/** A Singapore time: "2030-03-01 00:05" → that instant. */
export const sgt = (text: string) => new Date(`${text.replace(" ", "T")}:00+08:00`);

/** Publishes, at `at`, the next version with these changes to the rules of the last one. */
export async function publishRulesAt(db: Database, at: Date, change: (rules: ProgrammeRules) => ProgrammeRules) {
  const staff = testContext(db, { viewer: staffWith("programme"), now: () => at });
  const { number } = await startProgrammeDraft(staff, {});
  const [draft] = await listProgrammeVersions(staff, {});
  if (!draft) throw new Error("no draft");
  await saveProgrammeDraft(staff, { number, rules: change(draft.rules) });
  await publishProgrammeDraft(staff, { number, when: "now", date: "", time: "" });
  return number;
}

/** A keyed bonus credit at `at` (earning, so it winds the member's expiry clock). */
export async function creditAt(db: Database, member: { id: string; email: string }, points: number, at: Date) {
  await db.transaction((tx) =>
    recordPointEntry(tx, noJobQueue, {
      memberId: member.id,
      email: member.email,
      kind: "bonus",
      transactionType: "credit",
      points,
      idempotencyKey: `test-bonus:${randomUUID()}`,
      programmeVersion: 1,
      at,
    }),
  );
}

/** The member's `expired` entries, oldest first. */
export async function expiriesOf(db: Database, memberId: string) {
  return db
    .select({
      id: pointTransactions.id,
      points: pointTransactions.points,
      key: pointTransactions.idempotencyKey,
      version: pointTransactions.programmeVersion,
      meta: pointTransactions.meta,
    })
    .from(pointTransactions)
    .where(and(eq(pointTransactions.memberId, memberId), eq(pointTransactions.activityType, "expired")))
    .orderBy(pointTransactions.transactionAt);
}
