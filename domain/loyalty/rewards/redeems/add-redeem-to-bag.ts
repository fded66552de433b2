import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { redeems } from "../../../../db/schema/rewards.ts";
import { AppError } from "../../../../kernel/app-error.ts";
import { MAX_LINE_QUANTITY } from "../../../bag/max-line-quantity.ts";
import type { MemberSummary } from "../../../members/load-member.ts";
import { lockMember } from "../../../members/locked-member.ts";
import { memberSummaryAfter } from "../../../members/member-after.ts";
import { ownMember } from "../../../shared/access.ts";
import type { OperationContext } from "../../../shared/context.ts";
import { identifier } from "../../../shared/input.ts";
import { defineOperation } from "../../../shared/operation.ts";
import { metaOf } from "../../points/meta-input.ts";
import { rewardForOption } from "../rewards.ts";
import { type RedeemRow, recordRedeemEntry, requirePoints } from "./redeem-ledger.ts";
import { AddRedeemMeta } from "./redeem-meta.ts";

export const AddRedeemInput = z.object({
  memberId: identifier(),
  meta: metaOf(AddRedeemMeta),
});

/**
 * addRedeemToBag: puts a reward in the viewer's own bag: a Pending redeem and a `redeem` debit of
 * quantity x its cost, in one transaction. The same option again, while one is Pending, raises that
 * redeem's quantity (one Pending redeem per option per member). Not enough points:
 * INSUFFICIENT_POINTS, nothing changes.
 */
export const addRedeemToBag = defineOperation(
  { access: ownMember, input: AddRedeemInput },
  async function addRedeemToBag(ctx, input): Promise<{ redeem: RedeemRow; member: MemberSummary }> {
    const redeem = await addToBag(ctx, input.memberId, input.meta);
    return { redeem, member: await memberSummaryAfter(ctx, input.memberId) };
  },
);

async function addToBag(ctx: OperationContext, memberId: string, meta: z.output<typeof AddRedeemMeta>): Promise<RedeemRow> {
  const { optionId, quantity, rewardId } = meta;
  const match = await rewardForOption(ctx, optionId, rewardId ?? null);
  if (!match) {
    throw new AppError(
      "BAD_USER_INPUT",
      rewardId ? `That option cannot be taken as the reward "${rewardId}".` : "That option cannot be taken as a reward.",
    );
  }
  return ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    const at = ctx.now();
    const [pending] = await tx
      .select()
      .from(redeems)
      .where(and(eq(redeems.memberId, memberId), eq(redeems.optionId, optionId), eq(redeems.status, "Pending")))
      .for("update");

    if (pending) {
      const total = pending.quantity + quantity;
      if (total > MAX_LINE_QUANTITY) {
        throw new AppError("BAD_USER_INPUT", `You can have at most ${MAX_LINE_QUANTITY} of one reward in your bag.`);
      }
      requirePoints(member, pending.pointsEach * quantity);
      await recordRedeemEntry(tx, ctx.jobs, {
        member,
        redeem: pending,
        transactionType: "debit",
        quantity,
        reason: "quantity raised",
        at,
      });
      const [raised] = await tx
        .update(redeems)
        .set({ quantity: total, updatedAt: at })
        .where(eq(redeems.id, pending.id))
        .returning();
      if (!raised) throw new Error(`Redeem ${pending.id} vanished while locked.`);
      return raised;
    }

    const redeem = { id: randomUUID(), rewardId: match.reward.id, optionId, pointsEach: match.reward.pointsCost };
    requirePoints(member, redeem.pointsEach * quantity);
    const pointTransactionId = await recordRedeemEntry(tx, ctx.jobs, {
      member,
      redeem,
      transactionType: "debit",
      quantity,
      reason: "added",
      at,
    });
    const [created] = await tx
      .insert(redeems)
      .values({
        ...redeem,
        memberId,
        pointTransactionId,
        status: "Pending",
        quantity,
        meta: { rewardId: redeem.rewardId },
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!created) throw new Error("The redeem insert returned no row.");
    return created;
  });
}
