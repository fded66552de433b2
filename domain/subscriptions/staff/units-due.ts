import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { optionSkus, series, skus } from "../../../db/schema/catalog.ts";
import { subscriptions } from "../../../db/schema/subscriptions.ts";
import { addDaysToDate } from "../../../kernel/singapore-time.ts";

/** How far ahead the warehouse's forecast of subscription boxes looks, today included. */
export const UNITS_DUE_DAYS = 30;

/**
 * The units of each SKU that active subscriptions renew from `today` for UNITS_DUE_DAYS days: each
 * one's next date and every cadence after it inside the window (a two-week cadence lands twice or
 * three times), times its quantity and the SKU's count in its option. A next date already past counts
 * as due (it renews on the next run) and its cadence runs on from it. Paused subscriptions count once resumed.
 */
export async function unitsDue(db: Database, today: string) {
  const end = addDaysToDate(today, UNITS_DUE_DAYS);
  // Renewals from the next date up to the window's end: (days to the end − 1) ÷ (cadence in days) + 1.
  const renewals = sql<number>`((${end}::date - ${subscriptions.nextRenewalOn} - 1) / (${subscriptions.cadenceWeeks} * 7) + 1)`;
  const rows = await db
    .select({
      skuId: optionSkus.skuId,
      flavourName: skus.flavourName,
      seriesName: series.name,
      subscriptions: sql<number>`count(distinct ${subscriptions.id})::int`,
      units: sql<number>`sum(${optionSkus.qty} * ${subscriptions.quantity} * ${renewals})::int`,
    })
    .from(subscriptions)
    .innerJoin(optionSkus, eq(optionSkus.optionId, subscriptions.optionId))
    .innerJoin(skus, eq(skus.skuId, optionSkus.skuId))
    .innerJoin(series, eq(series.code, skus.seriesCode))
    .where(and(eq(subscriptions.status, "active"), lt(subscriptions.nextRenewalOn, end)))
    .groupBy(optionSkus.skuId, skus.flavourName, series.name)
    .orderBy(asc(optionSkus.skuId));
  return {
    days: UNITS_DUE_DAYS,
    from: today,
    to: addDaysToDate(today, UNITS_DUE_DAYS - 1),
    skus: rows.map((row) => ({ ...row, units: Number(row.units), subscriptions: Number(row.subscriptions) })),
  };
}
