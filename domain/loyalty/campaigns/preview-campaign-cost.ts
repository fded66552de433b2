import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { products, purchaseOptions } from "../../../db/schema/catalog.ts";
import { members } from "../../../db/schema/members.ts";
import { orderLines, orders } from "../../../db/schema/orders.ts";
import { pointTransactions } from "../../../db/schema/points.ts";
import { KEPT_ORDER_STATUSES } from "../../../kernel/order-statuses.ts";
import { DAY_MS } from "../../../kernel/singapore-time.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { orderEntryKey, orderPoints, orderSpendCents } from "../points/order-earn.ts";
import { currentProgramme } from "../programme/programme.ts";
import { pointValueCents } from "../rewards/point-value.ts";
import { type CampaignLine, campaignBonus, type Tier } from "./campaign.ts";
import { CampaignTermsInput, checkedTerms } from "./campaign-input.ts";

/** The sales a campaign's cost is estimated on: the last 30 days'. */
export const PREVIEW_DAYS = 30;

export type CampaignCostPreview = {
  since: Date;
  until: Date;
  /** Member orders of those days that earned points, and of them those the campaign would have added to. */
  ordersLookedAt: number;
  ordersWithBonus: number;
  bonusPoints: number;
  /** The bonus in S$ at what a point is worth in rewards (pointValueCents); null when no reward gives points a worth. */
  valueCents: number | null;
};

type OrderForPreview = {
  tier: Tier;
  spend: Pick<typeof orders.$inferSelect, "subtotalCents" | "discountCents" | "shippingCents">;
  lines: CampaignLine[];
};

const declared = { access: staffHolding("programme"), input: CampaignTermsInput };

/**
 * previewCampaignCost: what a campaign with these terms would have added over the last 30 days' member
 * orders that earned points, with the programme in force now and each member's tier now: every such
 * order and its lines read in one query, each sized by the rule fulfilment uses (campaignBonus).
 */
export const previewCampaignCost = defineOperation(
  declared,
  async function previewCampaignCost(ctx, input): Promise<CampaignCostPreview> {
    const until = ctx.now();
    const since = new Date(until.getTime() - PREVIEW_DAYS * DAY_MS);
    const terms = await checkedTerms(ctx, input);
    const { rules } = await currentProgramme(ctx);
    const rows = await ctx.db
      .select({
        orderId: orders.id,
        subtotalCents: orders.subtotalCents,
        discountCents: orders.discountCents,
        shippingCents: orders.shippingCents,
        tier: members.membershipStatus,
        lineTotalCents: orderLines.lineTotalCents,
        lineDiscountCents: orderLines.discountCents,
        productId: products.id,
        seriesCode: products.seriesCode,
      })
      .from(orders)
      .innerJoin(members, eq(members.id, orders.memberId))
      // Orders that earned points: an `old` claimed order's entry says it earns none.
      .innerJoin(
        pointTransactions,
        and(
          eq(pointTransactions.idempotencyKey, sql`${orderEntryKey("")} || ${orders.id}`),
          sql`coalesce(${pointTransactions.meta}->>'earnsPoints', 'true') <> 'false'`,
        ),
      )
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .leftJoin(purchaseOptions, eq(purchaseOptions.optionId, orderLines.optionId))
      .leftJoin(products, eq(products.id, purchaseOptions.productId))
      .where(
        and(
          gte(orders.paidAt, since),
          lt(orders.paidAt, until),
          inArray(orders.status, [...KEPT_ORDER_STATUSES]),
          terms.audience === "all" ? undefined : eq(members.membershipStatus, terms.audience),
        ),
      )
      .orderBy(asc(orders.id), asc(orderLines.position));
    const byOrder = new Map<string, OrderForPreview>();
    for (const row of rows) {
      let order = byOrder.get(row.orderId);
      if (!order) {
        order = { tier: row.tier, spend: row, lines: [] };
        byOrder.set(row.orderId, order);
      }
      order.lines.push({
        lineTotalCents: row.lineTotalCents,
        discountCents: row.lineDiscountCents,
        productId: row.productId,
        seriesCode: row.seriesCode,
      });
    }
    let bonusPoints = 0;
    let ordersWithBonus = 0;
    for (const order of byOrder.values()) {
      const bonus = campaignBonus(terms, {
        tier: order.tier,
        lines: order.lines,
        orderSpendCents: orderSpendCents(order.spend, rules),
        rules,
        pointsOn: (spend) => orderPoints(rules, spend, order.tier),
      });
      bonusPoints += bonus;
      if (bonus > 0) ordersWithBonus += 1;
    }
    const perPoint = await pointValueCents(ctx);
    return {
      since,
      until,
      ordersLookedAt: byOrder.size,
      ordersWithBonus,
      bonusPoints,
      valueCents: perPoint > 0 ? Math.round(bonusPoints * perPoint) : null,
    };
  },
);
