import { and, asc, eq, gt, inArray, isNotNull, lte, notExists } from "drizzle-orm";
import { z } from "zod";
import { purchaseOptions } from "../../db/schema/catalog.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { defineJob } from "../jobs/define-job.ts";
import { ScheduledRunPayload } from "../jobs/scheduled-jobs.ts";
import {
  queueReviewRequestEmail,
  REVIEW_REQUEST_AFTER_DAYS,
  REVIEW_REQUEST_LATE_DAYS,
  reviewRequestEmail,
} from "../member-emails/kinds/review-request.ts";
import { backgroundJob } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { defineOperation } from "../shared/operation.ts";

const declared = { access: backgroundJob, input: z.object({}) };

/** The products of a member's order they have not reviewed, in the order's line order. */
async function unreviewedProducts(ctx: OperationContext, order: { id: string; memberId: string }) {
  const lines = await ctx.db
    .select({ productId: purchaseOptions.productId })
    .from(orderLines)
    .innerJoin(purchaseOptions, eq(purchaseOptions.optionId, orderLines.optionId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const productIds = [...new Set(lines.map((line) => line.productId))];
  if (productIds.length === 0) return [];
  const reviewed = await ctx.db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.memberId, order.memberId), inArray(reviews.productId, productIds)));
  const done = new Set(reviewed.map((review) => review.productId));
  const catalogue = await ctx.catalog.index();
  return productIds.flatMap((id) => {
    const product = done.has(id) ? undefined : catalogue.product(id, { includeInactive: true });
    return product ? [{ id, name: product.name }] : [];
  });
}

/**
 * sendReviewRequests, scheduled work: each member's order delivered REVIEW_REQUEST_AFTER_DAYS ago (or
 * up to REVIEW_REQUEST_LATE_DAYS before, for a late run) gets one email asking them to review its
 * products they have not reviewed; an order whose products all are gets none. Once per order (the
 * outbox's unique key), however often or concurrently it runs.
 */
export const sendReviewRequests = defineOperation(declared, async function sendReviewRequests(ctx): Promise<{ asked: number }> {
  const dueBy = new Date(ctx.now().getTime() - REVIEW_REQUEST_AFTER_DAYS * DAY_MS);
  const since = new Date(dueBy.getTime() - REVIEW_REQUEST_LATE_DAYS * DAY_MS);
  const due = await ctx.db
    .select({ id: orders.id, memberId: orders.memberId, invoiceId: orders.invoiceId })
    .from(orders)
    .where(
      and(
        eq(orders.status, "delivered"),
        isNotNull(orders.memberId),
        lte(orders.deliveredAt, dueBy),
        gt(orders.deliveredAt, since),
        notExists(
          ctx.db
            .select({ id: emailOutbox.id })
            .from(emailOutbox)
            .where(
              and(
                eq(emailOutbox.memberId, orders.memberId),
                eq(emailOutbox.kind, reviewRequestEmail.kind),
                eq(emailOutbox.subjectKey, orders.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(orders.deliveredAt));
  let asked = 0;
  for (const { id, memberId, invoiceId } of due) {
    if (!memberId) continue;
    const products = await unreviewedProducts(ctx, { id, memberId });
    if (products.length === 0) continue;
    const queued = await ctx.db.transaction((tx) =>
      queueReviewRequestEmail(tx, ctx.jobs, { memberId, orderId: id, invoiceId, products }),
    );
    if (queued) asked += 1;
  }
  return { asked };
});

export const sendReviewRequestsJob = defineJob({
  name: "send-review-requests",
  queue: { exclusive: true, retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  payload: ScheduledRunPayload,
  run: (ctx) => sendReviewRequests(ctx, {}),
});
