import { sql } from "drizzle-orm";
import { z } from "zod";
import { DAY_MS } from "../../../kernel/singapore-time.ts";
import { staffHolding } from "../../shared/access.ts";
import { wholeNumber } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { selectRows } from "../../shared/shared-reads.ts";
import { clocksRunningOutBy } from "../expiry/expiry-clocks.ts";
import { orderPoints, orderSpendCents, renewalEarnings } from "../points/order-earn.ts";
import { loadProgrammeSchedule, type ProgrammeSchedule, programmeAt } from "../programme/programme.ts";
import type { ProgrammeRules } from "../programme/programme-rules.ts";
import { memberSpendSql } from "../tiers/tier-judgement.ts";
import { type ProgrammeCopy, programmeCopy } from "./programme-copy-preview.ts";
import { draftForReading } from "./programme-version-rows.ts";

/** The orders whose points the liability compares: those credited in these last days. */
export const LIABILITY_DAYS = 30;

export const PreviewInput = z.object({ number: wholeNumber(1, 1_000_000), sampleCents: wholeNumber(0, 10_000_000) });

type Tier = "green" | "gold";

export type ProgrammePreview = {
  number: number;
  inForce: number;
  tierPolicy: ProgrammeRules["tierPolicy"];
  members: { green: number; gold: number };
  /** rejudge: who moves when the draft takes effect. */
  atPublish: { greenToGold: number; goldToGreen: number };
  /** keep: green members who would go gold at their next order though the version in force would not make them. */
  atNextOrder: number;
  /** keep: gold members whose spend so far in their gold year renews gold under one version and not the other. */
  atGoldYearEnd: { renewUnderDraftOnly: number; renewUnderCurrentOnly: number };
  /** The points the member orders credited in the last LIABILITY_DAYS days earn under each, at the members' present tier. */
  liability: { days: number; orders: number; currentPoints: number; draftPoints: number };
  /** A sample bag's points per tier, as an order and as a subscription's first renewal (its extra and bonus included). */
  sample: { spendCents: number; rows: SampleRow[]; renewalRows: SampleRow[] };
  /** Members and points that would expire in the next LIABILITY_DAYS days under each, the draft taking effect now. */
  expiry: { days: number; current: ExpiryCount; draft: ExpiryCount };
  copy: ProgrammeCopy;
  /**
   * The versions scheduled after now, soonest first; the draft follows the last. Published before one,
   * the draft takes its place and it goes back to being a draft (publishProgrammeDraft).
   */
  scheduled: { number: number; effectiveAt: Date }[];
};

const declared = { access: staffHolding("programme"), input: PreviewInput };

type ExpiryCount = { members: number; points: number };
type SampleRow = { tier: Tier; current: number; draft: number };

async function expiringBy(
  db: Parameters<typeof clocksRunningOutBy>[0],
  schedule: ProgrammeSchedule,
  by: Date,
): Promise<ExpiryCount> {
  const due = await clocksRunningOutBy(db, schedule, by);
  return { members: due.length, points: due.reduce((sum, member) => sum + member.points, 0) };
}

type TierCounts = {
  green: number;
  gold: number;
  green_to_gold: number;
  gold_to_green: number;
  next_order: number;
  renew_draft_only: number;
  renew_current_only: number;
};

/**
 * previewProgrammeDraft: the draft against the real members and the version in force now, read as if
 * it were published now: the tier moves its policy brings, the change in the points the last month's
 * orders earn, the points that would expire in the next 30 days, a sample bag's points per tier and the members' copy as it will read. Each count is one
 * set-based query over the members and the ledger (tier-judgement.ts), never a loop over members.
 */
export const previewProgrammeDraft = defineOperation(
  declared,
  async function previewProgrammeDraft(ctx, input): Promise<ProgrammePreview> {
    const now = ctx.now();
    const draft = await draftForReading(ctx.db, input.number);
    const schedule = await loadProgrammeSchedule(ctx.db);
    const current = programmeAt(schedule, now);
    const [draftRules, currentRules] = [draft.rules, current.rules];
    const judged = memberSpendSql({ rules: draftRules, current: currentRules, at: now, memberFilter: sql`true` });
    const [draftT, currentT] = [draftRules.gold.thresholdCents, currentRules.gold.thresholdCents];
    const tiers = await selectRows<TierCounts>(
      ctx.db,
      sql`with j as (${judged}) select
      count(*) filter (where status = 'green')::int as green,
      count(*) filter (where status = 'gold')::int as gold,
      count(*) filter (where status = 'green' and toward_gold >= ${draftT})::int as green_to_gold,
      count(*) filter (where status = 'gold' and gold_start_at < ${now.toISOString()}::timestamptz and earned_gold < ${draftT})::int as gold_to_green,
      count(*) filter (where status = 'green' and toward_gold >= ${draftT} and toward_gold_now < ${currentT})::int as next_order,
      count(*) filter (where status = 'gold' and gold_year >= ${draftT} and gold_year < ${currentT})::int as renew_draft_only,
      count(*) filter (where status = 'gold' and gold_year >= ${currentT} and gold_year < ${draftT})::int as renew_current_only
    from j`,
    );
    const counts = tiers.rows[0] as TierCounts;
    const liability = await liabilityOf(ctx.db, {
      draft: draftRules,
      current: currentRules,
      since: new Date(now.getTime() - LIABILITY_DAYS * DAY_MS),
    });
    const horizon = new Date(now.getTime() + LIABILITY_DAYS * DAY_MS);
    const asPublished: ProgrammeSchedule = [
      ...schedule.filter((version) => version.effectiveAt <= now),
      { number: draft.number, effectiveAt: now, rules: draftRules, publishedBy: "preview", publishedAt: now },
    ];
    const expiry = {
      days: LIABILITY_DAYS,
      current: await expiringBy(ctx.db, schedule, horizon),
      draft: await expiringBy(ctx.db, asPublished, horizon),
    };
    const sampleOrder = { subtotalCents: input.sampleCents, discountCents: 0, shippingCents: 0 };
    const pointsOf = (rules: ProgrammeRules, tier: Tier) => orderPoints(rules, orderSpendCents(sampleOrder, rules), tier);
    const renewalPointsOf = (rules: ProgrammeRules, tier: Tier) => {
      const { extra, bonus } = renewalEarnings(rules, pointsOf(rules, tier), 1);
      return pointsOf(rules, tier) + extra + bonus;
    };
    const sampleRows = (points: (rules: ProgrammeRules, tier: Tier) => number) =>
      (["green", "gold"] as const).map((tier) => ({
        tier,
        current: points(currentRules, tier),
        draft: points(draftRules, tier),
      }));
    return {
      number: draft.number,
      inForce: current.number,
      tierPolicy: draftRules.tierPolicy,
      members: { green: counts.green, gold: counts.gold },
      atPublish: { greenToGold: counts.green_to_gold, goldToGreen: counts.gold_to_green },
      atNextOrder: counts.next_order,
      atGoldYearEnd: { renewUnderDraftOnly: counts.renew_draft_only, renewUnderCurrentOnly: counts.renew_current_only },
      liability: { days: LIABILITY_DAYS, ...liability },
      sample: { spendCents: input.sampleCents, rows: sampleRows(pointsOf), renewalRows: sampleRows(renewalPointsOf) },
      copy: programmeCopy(currentRules, draftRules, now),
      expiry,
      scheduled: schedule
        .filter((version) => version.effectiveAt > now)
        .map((version) => ({ number: version.number, effectiveAt: version.effectiveAt })),
    };
  },
);

type OrderGroup = { subtotal_cents: number; discount_cents: number; shipping_cents: number; tier: Tier; orders: number };

/**
 * The points the member orders credited since `since` earn under each version, at each member's present
 * tier. The database groups the orders by what the points rule reads, so the rule itself
 * (order-points.ts) is applied once per group, not per order.
 */
async function liabilityOf(
  db: Parameters<typeof selectRows>[0],
  input: { draft: ProgrammeRules; current: ProgrammeRules; since: Date },
): Promise<{ orders: number; currentPoints: number; draftPoints: number }> {
  const groups = await selectRows<OrderGroup>(
    db,
    sql`select o.subtotal_cents, o.discount_cents, o.shipping_cents, m.membership_status as tier, count(*)::int as orders
      from point_transactions e
      join orders o on o.id = e.meta->>'orderId'
      join members m on m.id = e.member_id
      where e.activity_type = 'order' and e.transaction_at > ${input.since.toISOString()}::timestamptz
        and e.meta->>'earnsPoints' is null
      group by 1, 2, 3, 4`,
  );
  const total = { orders: 0, currentPoints: 0, draftPoints: 0 };
  for (const group of groups.rows) {
    const order = {
      subtotalCents: group.subtotal_cents,
      discountCents: group.discount_cents,
      shippingCents: group.shipping_cents,
    };
    const points = (rules: ProgrammeRules) => orderPoints(rules, orderSpendCents(order, rules), group.tier) * group.orders;
    total.orders += group.orders;
    total.currentPoints += points(input.current);
    total.draftPoints += points(input.draft);
  }
  return total;
}
