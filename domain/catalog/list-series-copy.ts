import { asc } from "drizzle-orm";
import { z } from "zod";
import { series } from "../../db/schema/catalog.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";

export type SeriesCopy = { code: string; tagline: string; description: string };

export const SeriesCopyInput = z.object({});

const declared = { access: anyone, input: SeriesCopyInput };

/** listSeriesCopy: the marketing copy of each product line, keyed by series code; open to everyone. */
export const listSeriesCopy = defineOperation(declared, async function listSeriesCopy(ctx): Promise<Map<string, SeriesCopy>> {
  const rows = await ctx.db
    .select({ code: series.code, tagline: series.tagline, description: series.description })
    .from(series)
    .orderBy(asc(series.sortOrder));
  return new Map(rows.map((row) => [row.code, row]));
});
