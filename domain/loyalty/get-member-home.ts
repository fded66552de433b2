import { z } from "zod";
import { loadMemberLists, type MemberLists } from "../members/member-lists.ts";
import type { GoldProgress } from "../members/tier.ts";
import { requireOwnMember } from "../shared/access.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { getGoldProgress } from "./get-gold-progress.ts";
import { listRewards } from "./list-rewards.ts";
import type { Reward } from "./rewards.ts";

export const MemberHomeInput = z.object({ memberId: identifier() });

export type MemberHome = Pick<MemberLists, "pointTransactions" | "linkedOrders"> & {
  progress: GoldProgress;
  rewards: Reward[];
};

/** What the viewer's own member home shows of the programme: gold progress, point history, orders and rewards. */
export const getMemberHome = defineOperation(MemberHomeInput, async (ctx, { memberId }): Promise<MemberHome> => {
  await requireOwnMember(ctx, memberId);
  const [progress, lists, rewards] = await Promise.all([
    getGoldProgress(ctx, { memberId }),
    loadMemberLists(ctx, memberId, ["pointTransactions", "linkedOrders"]),
    listRewards(ctx, {}),
  ]);
  return { progress, rewards, ...lists };
});
