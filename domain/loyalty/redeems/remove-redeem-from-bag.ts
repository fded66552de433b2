import { AppError } from "../../shared/app-error.ts";
import { lockMember } from "../locked-member.ts";
import { type RedeemDeps, redeemNow } from "./redeem-deps.ts";
import { closePendingRedeem, lockRedeem, type RedeemRef, type RedeemRow, redeemNotFound } from "./redeem-ledger.ts";

/**
 * Takes a reward out of the bag: the redeem is Cancelled and all its points come back in one `redeem`
 * credit. Removing one that is already out of the bag (Cancelled, or Expired with its points back)
 * changes nothing; one that went out with an order cannot be removed.
 */
export async function removeRedeemFromBag(deps: RedeemDeps, ref: RedeemRef): Promise<RedeemRow> {
  return deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, ref.memberId);
    const redeem = await lockRedeem(tx, ref);
    if (!redeem) throw redeemNotFound();
    if (redeem.status === "Cancelled" || redeem.status === "Expired") return redeem;
    if (redeem.status === "Ordered") {
      throw new AppError("CONFLICT", "That reward has gone out with an order and can no longer be removed.");
    }
    return closePendingRedeem(tx, { member, redeem, status: "Cancelled", at: redeemNow(deps) });
  });
}
