import type { MemberDeps } from "../members/member-deps.ts";
import { creditDebugPoints } from "./debug-points.ts";
import { type DeletableGroup, deletePointGroup } from "./delete-point-kinds.ts";
import { createEarnPointTransaction, type EarnInput } from "./earn-points.ts";
import { runLoyaltyMaintenance } from "./maintenance.ts";
import { type RefundOrderInput, refundOrder } from "./refund-order.ts";
import { loadGoldProgress } from "./tiers.ts";

/**
 * The points ledger's use cases bound to the database: earning, tiers, refunds and the debug tools.
 * Callers check that memberId is the viewer's own and, for the debug tools, that debug mode is on.
 */
export function pointsUseCases(deps: MemberDeps) {
  return {
    earn: (input: EarnInput) => createEarnPointTransaction(deps, input),
    goldProgress: (memberId: string) => loadGoldProgress(deps.db, memberId),
    /** No screen yet: the merchant's refund of a paid order. */
    refundOrder: (input: RefundOrderInput) => refundOrder(deps.db, input),
    runMaintenance: (now: Date) => runLoyaltyMaintenance(deps.db, now),
    /** Debug tools. */
    refundPoints: (memberId: string, meta: Record<string, unknown>) =>
      creditDebugPoints(deps, { memberId, kind: "refund", meta }),
    deleteGroup: (memberId: string, group: DeletableGroup) => deletePointGroup(deps, memberId, group),
  };
}

export type PointsUseCases = ReturnType<typeof pointsUseCases>;
