import { and, eq } from "drizzle-orm";
import { redeems } from "../../../../db/schema/rewards.ts";
import { AppError } from "../../../../kernel/app-error.ts";
import type { MemberSummary } from "../../../members/load-member.ts";
import { lockMember } from "../../../members/locked-member.ts";
import { memberSummaryAfter } from "../../../members/member-after.ts";
import { ownMember } from "../../../shared/access.ts";
import type { OperationContext } from "../../../shared/context.ts";
import { defineOperation } from "../../../shared/operation.ts";
import { metaOf } from "../../points/meta-input.ts";
import { rewardForOption } from "../rewards.ts";
import {
  lockRedeem,
  type RedeemRef,
  RedeemRefInput,
  type RedeemRow,
  recordRedeemEntry,
  redeemNotFound,
  requirePending,
  requirePoints,
} from "./redeem-ledger.ts";
import { UpdateRedeemMeta } from "./redeem-meta.ts";

export const UpdateRedeemInput = RedeemRefInput.extend({
  meta: metaOf(UpdateRedeemMeta),
});

/**
 * updateRedeemFromBag: sets the quantity of a Pending redeem in the viewer's own bag (1 to 99; the
 * bag's buttons move it by one). The ledger is append only: a rise appends another `redeem` debit, a
 * fall a `redeem` credit giving those points back, at the points each the redeem was taken at. The
 * same quantity again changes nothing.
 */
export const updateRedeemFromBag = defineOperation(
  { access: ownMember, input: UpdateRedeemInput },
  async function updateRedeemFromBag(ctx, { meta, ...ref }): Promise<{ redeem: RedeemRow; member: MemberSummary }> {
    const redeem = await setQuantity(ctx, ref, meta.quantity);
    return { redeem, member: await memberSummaryAfter(ctx, ref.memberId) };
  },
);

async function setQuantity(ctx: OperationContext, ref: RedeemRef, quantity: number): Promise<RedeemRow> {
  // A redeem's option and reward never change, so whether they are still offered is read before the
  // transaction (the catalogue and rewards are not read under the member lock).
  const [taken] = await ctx.db
    .select({ optionId: redeems.optionId, rewardId: redeems.rewardId })
    .from(redeems)
    .where(and(eq(redeems.id, ref.redeemId), eq(redeems.memberId, ref.memberId)));
  const stillOffered = taken ? (await rewardForOption(ctx, taken.optionId, taken.rewardId)) !== null : false;
  return ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, ref.memberId);
    const redeem = await lockRedeem(tx, ref);
    if (!redeem) throw redeemNotFound();
    requirePending(redeem);
    const change = quantity - redeem.quantity;
    if (change === 0) return redeem;
    const at = ctx.now();
    if (change > 0) {
      if (!stillOffered) {
        throw new AppError("BAD_USER_INPUT", "This reward is no longer offered: you can keep or remove the ones in your bag.");
      }
      requirePoints(member, redeem.pointsEach * change);
      await recordRedeemEntry(tx, ctx.jobs, {
        member,
        redeem,
        transactionType: "debit",
        quantity: change,
        reason: "quantity raised",
        at,
      });
    } else {
      await recordRedeemEntry(tx, ctx.jobs, {
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
