import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client.ts";
import { catalogRevision } from "../../../db/schema/catalog.ts";
import { programmeVersions } from "../../../db/schema/programme.ts";
import type { CatalogReader } from "../../catalog/catalog-reader.ts";
import { ProgrammeRules } from "./programme-rules.ts";

/**
 * The loyalty programme in force (decision 040): the published version with the latest effective time
 * at or before the moment asked about. Every rule, page and message reads its numbers from that
 * version's rules; none is typed anywhere else.
 */

export type ProgrammeVersion = {
  number: number;
  effectiveAt: Date;
  rules: ProgrammeRules;
  publishedBy: string;
  publishedAt: Date;
};

/** The published versions, oldest effective time first. */
export type ProgrammeSchedule = readonly ProgrammeVersion[];

/** The version in force at `at`: of those effective by then, the latest (the higher number on a tie). */
export function programmeAt(schedule: ProgrammeSchedule, at: Date): ProgrammeVersion {
  let found: ProgrammeVersion | undefined;
  for (const version of schedule) if (version.effectiveAt <= at) found = version;
  if (!found) throw new Error(`No programme version is in force at ${at.toISOString()}.`);
  return found;
}

/** Every published version, oldest effective time first; their rules checked against the schema. */
export async function loadProgrammeSchedule(db: Database | Tx): Promise<ProgrammeSchedule> {
  const rows = await db
    .select()
    .from(programmeVersions)
    .where(and(eq(programmeVersions.state, "published"), isNotNull(programmeVersions.effectiveAt)))
    .orderBy(asc(programmeVersions.effectiveAt), asc(programmeVersions.number));
  return rows.map((row) => ({
    number: row.number,
    effectiveAt: row.effectiveAt as Date,
    rules: ProgrammeRules.parse(row.rules),
    publishedBy: row.publishedBy ?? "system",
    publishedAt: row.publishedAt as Date,
  }));
}

/**
 * The published versions as pages and replies read them: kept with the catalogue's revision, which
 * publishing a version raises (migration 0024).
 */
export async function programmeSchedule(store: { db: Database; catalog: CatalogReader }): Promise<ProgrammeSchedule> {
  const catalogue = await store.catalog.index();
  return catalogue.kept("programme-schedule", () => loadProgrammeSchedule(store.db));
}

/** The version in force now, for what pages and replies show. */
export async function currentProgramme(store: {
  db: Database;
  catalog: CatalogReader;
  now: () => Date;
}): Promise<ProgrammeVersion> {
  return programmeAt(await programmeSchedule(store), store.now());
}

/** The advisory lock ledger writers hold shared and publishing holds alone (any fixed number of the shop's). */
const PROGRAMME_LOCK = 40_040;

/**
 * Inside a transaction that writes to the ledger: the schedule read in the transaction itself, and the
 * version in force at `at`, which the entries it writes record. The transaction holds the programme's
 * lock shared until it ends, so a version published to take effect now waits for the ledger writers
 * under way (whose `at` is earlier) and those that follow read it: every event falls under exactly the
 * version in force at its time.
 */
export async function programmeInForce(tx: Tx, at: Date): Promise<{ version: ProgrammeVersion; schedule: ProgrammeSchedule }> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${PROGRAMME_LOCK})`);
  const schedule = await loadProgrammeSchedule(tx);
  return { version: programmeAt(schedule, at), schedule };
}

/**
 * The first lock of every change to the programme's versions: each write to programme_versions bumps
 * the catalogue revision (its trigger), so taking that row first, as a review's approval also does,
 * means two changes at once (a draft started while a version is withdrawn) wait in turn, never on each other.
 */
export async function lockProgrammeVersions(tx: Tx): Promise<void> {
  await tx.select().from(catalogRevision).where(eq(catalogRevision.id, 1)).for("update");
}

/** Publishing's side of the lock: no ledger writer is under way, and none starts, until the transaction ends. */
export async function lockProgrammeForPublishing(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PROGRAMME_LOCK})`);
}

/** The numbers the member-facing copy mentions (programme-copy.ts words them). */
export type ProgrammeTerms = {
  orderPointsPerDollar: number;
  /** Whether spend is rounded down to whole S$1 before points are worked out. */
  wholeDollars: boolean;
  /** Whether promotion-code discounts come off the spend that earns and qualifies. */
  spendAfterDiscounts: boolean;
  /** Whether shipping paid counts as spend. */
  shippingCounts: boolean;
  goldThresholdCents: number;
  goldPointsMultiplier: number;
  goldLengthMonths: number;
  goldWindowMonths: number | null;
  redeemHoldDays: number;
  claimWindowDays: number;
};

export function termsOf(rules: ProgrammeRules): ProgrammeTerms {
  return {
    orderPointsPerDollar: rules.earning.pointsPerDollar,
    wholeDollars: rules.earning.rounding === "whole-dollars",
    spendAfterDiscounts: rules.earning.afterDiscounts,
    shippingCounts: rules.earning.includesShipping,
    goldThresholdCents: rules.gold.thresholdCents,
    goldPointsMultiplier: rules.gold.multiplier,
    goldLengthMonths: rules.gold.lengthMonths,
    goldWindowMonths: rules.gold.qualifyingWindowMonths,
    redeemHoldDays: rules.redeemHoldDays,
    claimWindowDays: rules.claimWindowDays,
  };
}
