import { asc } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { series } from "../../db/schema/catalog.ts";

export type SeriesCopy = { code: string; tagline: string; description: string };

/** The marketing copy of each product line, keyed by series code. */
export async function loadSeriesCopy(db: Database): Promise<Map<string, SeriesCopy>> {
  const rows = await db
    .select({ code: series.code, tagline: series.tagline, description: series.description })
    .from(series)
    .orderBy(asc(series.sortOrder));
  return new Map(rows.map((row) => [row.code, row]));
}
