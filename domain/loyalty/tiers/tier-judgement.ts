import { type SQL, sql } from "drizzle-orm";
import type { ProgrammeRules } from "../programme/programme-rules.ts";
import { addMonths } from "./tiers.ts";

/**
 * Every member's tier judged at once against a version's gold rule, in one set-based query (no loop
 * over members): the preview counts its rows, the "rejudge" tier policy applies them. Qualifying spend
 * is what tiers.ts reads member by member: `order` entries in a window, less the `refund` entries that
 * reverse those orders (whenever the refund came).
 */

/** Where spend towards gold may start under these rules at `at`: the qualifying window's start, or none. */
export function qualifyingFrom(rules: ProgrammeRules, at: Date): Date | null {
  const months = rules.gold.qualifyingWindowMonths;
  return months === null ? null : addMonths(at, -months);
}

const moment = (at: Date | null) => (at ? sql`${at.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`);

/**
 * One row per member `memberFilter` admits (a condition on `m`), judged at `at`:
 * - `promotion_from`: where a green member's spend towards gold starts under `rules` (promotionWindowStart);
 * - `toward_gold`: a green member's net spend from there up to `at`; `toward_gold_now` the same under `current`;
 * - `earned_gold`: a gold member's net spend in the window that earned (or last renewed) their gold;
 * - `gold_year`: a gold member's net spend in their gold year so far.
 */
export function memberSpendSql(input: { rules: ProgrammeRules; current: ProgrammeRules; at: Date; memberFilter: SQL }): SQL {
  const { at } = input;
  const from = moment(qualifyingFrom(input.rules, at));
  const fromNow = moment(qualifyingFrom(input.current, at));
  const until = moment(at);
  return sql`
    with judged as (
      select m.id, m.membership_status as status, m.gold_start_at,
        greatest(m.membership_start_at, coalesce(m.tier_window_start_at, m.membership_start_at)) as window_start
      from members m where ${input.memberFilter}
    ),
    refunded as (
      select r.member_id, r.meta->>'orderId' as order_id, sum(r.spent_cents) as spent
      from point_transactions r join judged j on j.id = r.member_id
      where r.activity_type = 'refund'
      group by r.member_id, r.meta->>'orderId'
    ),
    spend as (
      select o.member_id,
        sum(o.spent_cents - coalesce(f.spent, 0)) filter (
          where j.status = 'green' and o.transaction_at > greatest(j.window_start, ${from}) and o.transaction_at <= ${until}
        ) as toward_gold,
        sum(o.spent_cents - coalesce(f.spent, 0)) filter (
          where j.status = 'green' and o.transaction_at > greatest(j.window_start, ${fromNow}) and o.transaction_at <= ${until}
        ) as toward_gold_now,
        sum(o.spent_cents - coalesce(f.spent, 0)) filter (
          where j.status = 'gold' and o.transaction_at > j.window_start and o.transaction_at <= j.gold_start_at
        ) as earned_gold,
        sum(o.spent_cents - coalesce(f.spent, 0)) filter (
          where j.status = 'gold' and o.transaction_at > j.gold_start_at and o.transaction_at <= ${until}
        ) as gold_year
      from judged j
      join point_transactions o on o.member_id = j.id and o.activity_type = 'order'
      left join refunded f on f.member_id = o.member_id and f.order_id = o.meta->>'orderId'
      group by o.member_id
    )
    select j.id, j.status, j.gold_start_at, greatest(j.window_start, ${from}) as promotion_from,
      coalesce(s.toward_gold, 0) as toward_gold, coalesce(s.toward_gold_now, 0) as toward_gold_now,
      coalesce(s.earned_gold, 0) as earned_gold, coalesce(s.gold_year, 0) as gold_year
    from judged j left join spend s on s.member_id = j.id`;
}
