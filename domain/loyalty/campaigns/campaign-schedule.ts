import { asc, gt } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client.ts";
import { campaigns } from "../../../db/schema/programme.ts";
import type { CatalogReader } from "../../catalog/catalog-reader.ts";
import { type Campaign, runningAt } from "./campaign.ts";

type CampaignRow = typeof campaigns.$inferSelect;

export function campaignOf(row: CampaignRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    multiplier: row.multiplier,
    bonusPoints: row.bonusPoints,
    scope: row.scope,
    scopeIds: row.scopeIds,
    audience: row.audience,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
  };
}

/** The campaigns not yet finished at `at` (running or upcoming), earliest start first. */
export async function loadUnfinishedCampaigns(db: Database | Tx, at: Date): Promise<Campaign[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(gt(campaigns.endsAt, at))
    .orderBy(asc(campaigns.startsAt), asc(campaigns.id));
  return rows.map(campaignOf);
}

/**
 * The campaigns pages and replies read: those not finished when they were loaded, kept with the
 * catalogue's revision, which every change to a campaign raises (migration 0024). A campaign that
 * finishes later stays in it, so whoever reads it picks by time (runningAt).
 */
export async function campaignSchedule(store: {
  db: Database;
  catalog: CatalogReader;
  now: () => Date;
}): Promise<readonly Campaign[]> {
  const catalogue = await store.catalog.index();
  return catalogue.kept("campaign-schedule", () => loadUnfinishedCampaigns(store.db, store.now()));
}

/** The campaigns running now (or at a later `at`): the one read every member-facing page makes of them. */
export async function activeCampaigns(
  store: { db: Database; catalog: CatalogReader; now: () => Date },
  at: Date = store.now(),
): Promise<Campaign[]> {
  return runningAt(await campaignSchedule(store), at);
}
