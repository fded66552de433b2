import { asc, eq } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client.ts";
import { programmeVersions } from "../../../db/schema/programme.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { ProgrammeRules } from "../programme-rules.ts";

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
