import { z } from "zod";
import { loadMemberLists, type MemberLists } from "../../members/member-lists.ts";
import { loadPointHistoryPage, type PointHistoryPage } from "../../members/point-history.ts";
import { ownMember } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { getPointsExpiry, type PointsExpiry } from "../expiry/get-points-expiry.ts";
import { listRewards } from "../rewards/list-rewards.ts";
import type { Reward } from "../rewards/rewards.ts";
import { getGoldProgress } from "../tiers/get-gold-progress.ts";
import type { GoldProgress } from "../tiers/tiers.ts";
import { type SubscriptionPointsAhead, subscriptionPointsAhead } from "./subscription-points-ahead.ts";

/** `before`: a point history cursor, for the page of entries older than it (the newest page without it). */
export const MemberHomeInput = z.object({ memberId: identifier(), before: z.string().nullish() });

export type MemberHome = Pick<MemberLists, "linkedOrders"> & {
  pointHistory: PointHistoryPage;
  progress: GoldProgress;
  rewards: Reward[];
  /** When the member's points expire without earning or redeeming; null when they never do. */
  expiry: PointsExpiry | null;
  /** What the member's subscriptions will earn in the coming days; null without one. */
  pointsAhead: SubscriptionPointsAhead;
};

const declared = { access: ownMember, input: MemberHomeInput };

/**
 * What the viewer's own member home shows of the programme: gold progress, when points expire, what
 * their subscriptions will earn, a page of point history, orders and rewards.
 */
export const getMemberHome = defineOperation(
  declared,
  async function getMemberHome(ctx, { memberId, before }): Promise<MemberHome> {
    const [pointHistory, progress, lists, rewards, expiry, pointsAhead] = await Promise.all([
      loadPointHistoryPage(ctx, memberId, { before }),
      getGoldProgress(ctx, { memberId }),
      loadMemberLists(ctx, memberId, ["linkedOrders"]),
      listRewards(ctx, {}),
      getPointsExpiry(ctx, { memberId }),
      subscriptionPointsAhead(ctx, memberId),
    ]);
    return { pointHistory, progress, rewards, expiry, pointsAhead, ...lists };
  },
);
