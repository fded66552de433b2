import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { redeems, rewards } from "../../../../db/schema/rewards.ts";
import { formatTimestamp } from "../../../../kernel/format-timestamp.ts";
import { findPurchaseOptions } from "../../../catalog/lookup.ts";
import type { PhotoRef } from "../../../catalog/photos/photo-variants.ts";
import { ownMember } from "../../../shared/access.ts";
import { identifier } from "../../../shared/input.ts";
import { defineOperation } from "../../../shared/operation.ts";
import { programmeSchedule } from "../../programme/programme.ts";
import { redeemExpiresAt } from "../redeem-expiry.ts";

/** A reward in the member's bag, as the bag and checkout show it: free of charge, paid in points. */
export type RewardLine = {
  redeemId: string;
  pointTransactionId: string;
  rewardId: string;
  rewardName: string;
  optionId: string;
  productName: string;
  productPath: string | null;
  /** The product's first picture; none for a reward whose option is gone from the catalogue. */
  picture: PhotoRef | null;
  flavourName: string | null;
  optionName: string;
  quantity: number;
  pointsEach: number;
  pointsTotal: number;
  addedAt: Date;
  /** When it expires (and its points come back) if no paid order takes it first. */
  expiresAt: Date;
  /** expiresAt in Singapore time, e.g. "28 Nov 2026, 4:05 pm". */
  formattedExpiresAt: string;
};

export const PendingRewardLinesInput = z.object({ memberId: identifier() });

/**
 * The rewards waiting in the viewer's own bag (their Pending redeems), oldest first, described from
 * the catalogue (inactive products included).
 */
export const listPendingRewardLines = defineOperation(
  { access: ownMember, input: PendingRewardLinesInput },
  async function listPendingRewardLines(ctx, { memberId }): Promise<RewardLine[]> {
    const rows = await ctx.db
      .select({ redeem: redeems, rewardName: rewards.name })
      .from(redeems)
      .leftJoin(rewards, eq(rewards.id, redeems.rewardId))
      .where(and(eq(redeems.memberId, memberId), eq(redeems.status, "Pending")))
      .orderBy(asc(redeems.createdAt), asc(redeems.id));
    if (rows.length === 0) return [];
    const catalogue = await findPurchaseOptions(
      ctx.catalog,
      rows.map((row) => row.redeem.optionId),
      { includeInactive: true },
    );
    const schedule = await programmeSchedule(ctx);
    return rows.map(({ redeem, rewardName }) => {
      const found = catalogue.get(redeem.optionId);
      const expiresAt = redeemExpiresAt(redeem.createdAt, schedule);
      return {
        redeemId: redeem.id,
        pointTransactionId: redeem.pointTransactionId,
        rewardId: redeem.rewardId,
        rewardName: rewardName ?? "Reward",
        optionId: redeem.optionId,
        productName: found?.product.name ?? redeem.optionId,
        productPath: found?.product.path ?? null,
        picture: found?.product.images[0] ?? null,
        flavourName: found?.option.flavourName ?? null,
        optionName: found?.option.optionName ?? "",
        quantity: redeem.quantity,
        pointsEach: redeem.pointsEach,
        pointsTotal: redeem.pointsEach * redeem.quantity,
        addedAt: redeem.createdAt,
        expiresAt,
        formattedExpiresAt: formatTimestamp(expiresAt),
      };
    });
  },
);
