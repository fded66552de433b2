import { and, eq } from "drizzle-orm";
import { redeems } from "../../../db/schema/members.ts";
import { AppError } from "../../shared/app-error.ts";
import { lockMember } from "../locked-member.ts";
import { rewardForOption } from "../rewards.ts";
import { type RedeemDeps, redeemNow } from "./redeem-deps.ts";
import {
  lockRedeem,
  type RedeemRef,
  type RedeemRow,
  recordRedeemEntry,
  redeemNotFound,
  requirePending,
  requirePoints,
} from "./redeem-ledger.ts";
import { type RedeemMetaInput, readQuantityMeta } from "./redeem-meta.ts";

/**
 * Sets a Pending redeem's quantity (1 to 99; the bag's buttons move it by one). The ledger is append
 * only: a rise appends another `redeem` debit, a fall a `redeem` credit giving those points back, at
 * the points each the redeem was taken at. The same quantity again changes nothing.
 */
export async function updateRedeemFromBag(deps: RedeemDeps, ref: RedeemRef, meta: RedeemMetaInput): Promise<RedeemRow> {
  const quantity = readQuantityMeta(meta);
  // A redeem's option and reward never change, so whether they are still offered is read before the
  // transaction (the catalogue and rewards are not read under the member lock).
  const [taken] = await deps.db
    .select({ optionId: redeems.optionId, rewardId: redeems.rewardId })
    .from(redeems)
    .where(and(eq(redeems.id, ref.redeemId), eq(redeems.memberId, ref.memberId)));
  const stillOffered = taken ? (await rewardForOption(deps, taken.optionId, taken.rewardId)) !== null : false;
  return deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, ref.memberId);
    const redeem = await lockRedeem(tx, ref);
    if (!redeem) throw redeemNotFound();
    requirePending(redeem);
    const change = quantity - redeem.quantity;
    if (change === 0) return redeem;
    const at = redeemNow(deps);
    if (change > 0) {
      if (!stillOffered) {
        throw new AppError("BAD_USER_INPUT", "This reward is no longer offered: you can keep or remove the ones in your bag.");
      }
      requirePoints(member, redeem.pointsEach * change);
      await recordRedeemEntry(tx, { member, redeem, transactionType: "debit", quantity: change, reason: "quantity raised", at });
    } else {
      await recordRedeemEntry(tx, {
        member,
        redeem,
        transactionType: "credit",
        quantity: -change,
        reason: "quantity lowered",
        at,
      });
    }
    const [updated] = await tx.update(redeems).set({ quantity, updatedAt: at }).where(eq(redeems.id, redeem.id)).returning();
    if (!updated) throw new Error(`Redeem ${redeem.id} vanished while locked.`);
    return updated;
  });
}
