import { type MemberViewer, requireOwnMemberId } from "../members/member-access.ts";
import { expirePendingRedeems } from "./redeem-expiry.ts";
import { addRedeemToBag } from "./redeems/add-redeem-to-bag.ts";
import { pendingRewardLines } from "./redeems/pending-reward-lines.ts";
import type { RedeemDeps } from "./redeems/redeem-deps.ts";
import type { RedeemRef } from "./redeems/redeem-ledger.ts";
import type { RedeemMetaInput } from "./redeems/redeem-meta.ts";
import { removeRedeemFromBag } from "./redeems/remove-redeem-from-bag.ts";
import { updateRedeemFromBag } from "./redeems/update-redeem-from-bag.ts";
import { type AttachRedeemsInput, updateRedeemsOrderId } from "./redeems/update-redeems-order-id.ts";
import { findReward, listRewards } from "./rewards.ts";

/**
 * The rewards catalogue and the member's redeems, bound to the database. Every change names the
 * member and is refused (FORBIDDEN) unless that member is the viewer's own, so pages and the API
 * apply the same rule; a redeem of another member is then simply not found.
 */
export function rewardUseCases(deps: RedeemDeps) {
  const own = (viewer: MemberViewer, memberId: string) => requireOwnMemberId(deps, viewer, memberId);
  return {
    list: () => listRewards(deps),
    find: (rewardId: string) => findReward(deps, rewardId),
    /** The rewards waiting in the member's bag (Pending redeems). */
    pendingLines: (memberId: string) => pendingRewardLines(deps, memberId),
    addToBag: async (viewer: MemberViewer, memberId: string, meta: RedeemMetaInput) => {
      await own(viewer, memberId);
      return addRedeemToBag(deps, memberId, meta);
    },
    updateInBag: async (viewer: MemberViewer, ref: RedeemRef, meta: RedeemMetaInput) => {
      await own(viewer, ref.memberId);
      return updateRedeemFromBag(deps, ref, meta);
    },
    removeFromBag: async (viewer: MemberViewer, ref: RedeemRef) => {
      await own(viewer, ref.memberId);
      return removeRedeemFromBag(deps, ref);
    },
    attachToOrder: async (viewer: MemberViewer, input: AttachRedeemsInput) => {
      await own(viewer, input.memberId);
      return updateRedeemsOrderId(deps, input);
    },
    expirePending: (now?: Date) => expirePendingRedeems(deps.db, now),
  };
}

export type RewardUseCases = ReturnType<typeof rewardUseCases>;
