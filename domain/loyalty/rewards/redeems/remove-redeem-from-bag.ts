import { AppError } from "../../../../kernel/app-error.ts";
import type { MemberSummary } from "../../../members/load-member.ts";
import { lockMember } from "../../../members/locked-member.ts";
import { memberSummaryAfter } from "../../../members/member-after.ts";
import { ownMember } from "../../../shared/access.ts";
import { defineOperation } from "../../../shared/operation.ts";
import { closePendingRedeem, lockRedeem, RedeemRefInput, type RedeemRow, redeemNotFound } from "./redeem-ledger.ts";

/**
 * removeRedeemFromBag: takes a reward out of the viewer's own bag: the redeem is Cancelled and all its
 * points come back in one `redeem` credit. Removing one that is already out of the bag (Cancelled, or
 * Expired with its points back) changes nothing; one that went out with an order cannot be removed.
 */
export const removeRedeemFromBag = defineOperation(
  { access: ownMember, input: RedeemRefInput },
  async function removeRedeemFromBag(ctx, ref): Promise<{ redeem: RedeemRow; member: MemberSummary }> {
    const redeem = await ctx.db.transaction(async (tx) => {
      const member = await lockMember(tx, ref.memberId);
      const locked = await lockRedeem(tx, ref);
      if (!locked) throw redeemNotFound();
      if (locked.status === "Cancelled" || locked.status === "Expired") return locked;
      if (locked.status === "Ordered") {
        throw new AppError("CONFLICT", "That reward has gone out with an order and can no longer be removed.");
      }
      return closePendingRedeem(tx, ctx.jobs, { member, redeem: locked, status: "Cancelled", at: ctx.now() });
    });
    return { redeem, member: await memberSummaryAfter(ctx, ref.memberId) };
  },
);
