import { and, asc, eq } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client.ts";
import { programmeVersions } from "../../../db/schema/programme.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { StaffViewer } from "../../shared/context.ts";
import { isUniqueViolation } from "../../shared/db-errors.ts";
import { ProgrammeRules } from "../programme/programme-rules.ts";

/** A version as staff handle it (decision 040): a draft, or published (in force, superseded or scheduled). */
export type VersionRow = Omit<typeof programmeVersions.$inferSelect, "rules"> & { rules: ProgrammeRules };

const parsed = (row: typeof programmeVersions.$inferSelect): VersionRow => ({ ...row, rules: ProgrammeRules.parse(row.rules) });

/** Every version, oldest number first. */
export async function versionRows(db: Database | Tx): Promise<VersionRow[]> {
  const rows = await db.select().from(programmeVersions).orderBy(asc(programmeVersions.number));
  return rows.map(parsed);
}

/** The published version that takes effect last: the one a new version follows. */
export function latestPublished(rows: readonly VersionRow[]): VersionRow {
  const published = rows.filter((row) => row.state === "published" && row.effectiveAt);
  const latest = published.reduce<VersionRow | undefined>(
    (found, row) => (!found || (row.effectiveAt as Date) >= (found.effectiveAt as Date) ? row : found),
    undefined,
  );
  if (!latest) throw new Error("The programme has no published version.");
  return latest;
}

/** The published versions that take effect after `at`, soonest first: those scheduled beyond it. */
export function scheduledAfter(rows: readonly VersionRow[], at: Date): VersionRow[] {
  return rows
    .filter((row) => row.state === "published" && (row.effectiveAt as Date) > at)
    .sort((a, b) => (a.effectiveAt as Date).getTime() - (b.effectiveAt as Date).getTime() || a.number - b.number);
}

/**
 * A scheduled version goes back to being a draft, its rules kept (decision 040), and the audit log
 * says why. The caller holds the programme's lock alone and has checked, after taking it, that the
 * version has not taken effect: no ledger entry can then record it. The trigger lets a published row
 * change only this way, whole.
 */
export async function unpublish(
  tx: Tx,
  withdrawal: { version: VersionRow; actor: StaffViewer; now: Date; why: string },
): Promise<void> {
  const { version, actor, now, why } = withdrawal;
  const [withdrawn] = await tx
    .update(programmeVersions)
    .set({ state: "draft", effectiveAt: null, publishedBy: null, publishedAt: null, updatedAt: now })
    .where(and(eq(programmeVersions.number, version.number), eq(programmeVersions.state, "published")))
    .returning({ number: programmeVersions.number })
    .catch((error: unknown) => {
      // A draft started at the same moment holds the one draft's place (the partial unique index).
      if (!isUniqueViolation(error)) throw error;
      throw new AppError(
        "CONFLICT",
        `A draft was started a moment ago, and there is one draft at a time, so version ${version.number} could not go back to being a draft: publish or discard that draft first.`,
      );
    });
  if (!withdrawn) throw new Error(`Version ${version.number} was not published when it was withdrawn.`);
  await recordAudit(tx, {
    actor,
    action: "programme.withdraw",
    target: versionTarget(version.number),
    before: { Version: `${version.number}, in force from ${formatTimestamp(version.effectiveAt as Date)}` },
    after: { Version: `${version.number}, a draft again with its rules: ${why}` },
    at: now,
  });
}

/** Why a published version cannot be edited or published again. */
export function publishedRefusal(row: Pick<VersionRow, "number" | "publishedBy" | "publishedAt">): AppError {
  const by = row.publishedBy && row.publishedAt ? ` (by ${row.publishedBy} on ${formatTimestamp(row.publishedAt)})` : "";
  return new AppError(
    "CONFLICT",
    `Version ${row.number} is published${by} and can no longer be changed. Start a new draft to change the programme.`,
  );
}

function draftOf(row: typeof programmeVersions.$inferSelect | undefined, number: number): VersionRow {
  if (!row) throw new AppError("NOT_FOUND", `There is no draft ${number}: it was discarded. Start a new draft.`);
  if (row.state === "published") throw publishedRefusal(row);
  return parsed(row);
}

/** The draft numbered `number`, locked for the transaction; refused when it is published or gone. */
export async function lockedDraft(tx: Tx, number: number): Promise<VersionRow> {
  const [row] = await tx.select().from(programmeVersions).where(eq(programmeVersions.number, number)).for("update");
  return draftOf(row, number);
}

/** The draft numbered `number`, to read; refused when it is published or gone. */
export async function draftForReading(db: Database, number: number): Promise<VersionRow> {
  const [row] = await db.select().from(programmeVersions).where(eq(programmeVersions.number, number));
  return draftOf(row, number);
}

export const versionTarget = (number: number) => `programme version ${number}`;
