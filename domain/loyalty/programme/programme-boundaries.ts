import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { selectRows } from "../../shared/shared-reads.ts";

/**
 * Every moment the programme members see changes without anyone changing the catalogue: a published
 * version taking effect, a campaign starting or ending. Oldest first. What is kept with the
 * catalogue's revision (pages, replies) must not outlive one of them.
 */
export async function loadProgrammeBoundaries(db: Database): Promise<Date[]> {
  const { rows } = await selectRows<{ at: Date | string }>(
    db,
    sql`select effective_at as at from programme_versions where state = 'published'
        union select starts_at from campaigns
        union select ends_at from campaigns
        order by at`,
  );
  return rows.map((row) => new Date(row.at));
}
