import { eq } from "drizzle-orm";
import { z } from "zod";
import { referrals } from "../../../db/schema/referrals.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";

export const DecideReferralInput = z.object({
  referralId: identifier(),
  decision: z.enum(["approve", "refuse"], { error: "must be approve or refuse" }),
});

const declared = { access: staffHolding("points"), input: DecideReferralInput };

/**
 * decideReferral: staff settle a referral the fraud checks held. Approved, it goes on as any other —
 * waiting out its refund window if the order is delivered, pending until then; refused, it never pays.
 * On the locked row, audited: two staff at once decide it once, the second is told it is decided.
 */
export const decideReferral = defineOperation(declared, async function decideReferral(ctx, input, actor): Promise<{
  state: string;
}> {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [referral] = await tx.select().from(referrals).where(eq(referrals.id, input.referralId)).for("update");
    if (!referral) throw new AppError("NOT_FOUND", "There is no such referral.");
    if (referral.state !== "held") throw new AppError("CONFLICT", "This referral is no longer waiting for a decision.");
    const state = input.decision === "refuse" ? "refused" : referral.deliveredAt ? "waiting" : "pending";
    await tx
      .update(referrals)
      .set({ state, decidedAt: at, decidedBy: actor.email, updatedAt: at })
      .where(eq(referrals.id, referral.id));
    await recordAudit(tx, {
      actor,
      action: input.decision === "refuse" ? "referral.refuse" : "referral.approve",
      target: `${referral.friendEmail} (referral ${referral.id})`,
      before: { state: referral.state, reasons: referral.reasons },
      after: { state },
      at,
    });
    return { state };
  });
});
