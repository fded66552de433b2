import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { reviews } from "../../../db/schema/reviews.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { creditEarnAction } from "../../loyalty/points/credit-earn-action.ts";
import { builtInAction } from "../../loyalty/programme/earn-actions.ts";
import { programmeInForce } from "../../loyalty/programme/programme.ts";
import { lockMember } from "../../members/locked-member.ts";
import { staffHolding } from "../../shared/access.ts";
import { uuid } from "../../shared/input.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineOperation } from "../../shared/operation.ts";
import type { ReviewRow } from "../review-view.ts";

export const DecideReviewInput = z.object({
  reviewId: uuid(),
  decision: z.enum(["approve", "reject"], { error: "must be approve or reject" }),
});

export type DecidedReview = { review: ReviewRow; pointsCredited: boolean };

const declared = { access: staffHolding("catalog"), input: DecideReviewInput };

/**
 * decideReview: staff approve a waiting review (it shows on the product page) or reject it. The first
 * approved review of a member credits the "Posted review" points, once per member whatever happens
 * after (the earn action's idempotency key). A decided review stays decided: a second click, by this
 * or another staff member, is refused.
 */
/** The review action's points, as the version in force sets them. */
async function creditReviewPoints(tx: Tx, jobs: JobQueue, memberId: string, at: Date): Promise<boolean> {
  const { version } = await programmeInForce(tx, at);
  return creditEarnAction(tx, jobs, await lockMember(tx, memberId), builtInAction(version.rules, "review"), at, version.number);
}

export const decideReview = defineOperation(declared, async function decideReview(ctx, input, actor): Promise<DecidedReview> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, input.reviewId)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "There is no such review.");
    if (before.status !== "pending") throw new AppError("CONFLICT", `This review was ${before.status} already.`);
    const status = input.decision === "approve" ? "approved" : "rejected";
    const [review] = await tx
      .update(reviews)
      .set({ status, decidedBy: actor.email, decidedAt: now, updatedAt: now })
      .where(eq(reviews.id, before.id))
      .returning();
    if (!review) throw new AppError("NOT_FOUND", "There is no such review.");
    const pointsCredited = status === "approved" && (await creditReviewPoints(tx, ctx.jobs, review.memberId, now));
    await recordAudit(tx, {
      actor,
      action: status === "approved" ? "review.approve" : "review.reject",
      target: review.id,
      before: { status: before.status },
      after: { status, productId: review.productId, memberId: review.memberId, pointsCredited },
      at: now,
    });
    return { review, pointsCredited };
  });
});
