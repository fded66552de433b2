import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../../db/schema/orders.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { CARRIER_IDS, TRACKING_NUMBER } from "../../../kernel/carriers.ts";
import { ORDER_STATUS_PHRASES, type OrderStatus } from "../../../kernel/order-statuses.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { orderRewardLines, rewardDescription } from "../../loyalty/rewards/redeems/order-rewards.ts";
import { queueRewardShippedEmail } from "../../member-emails/kinds/reward-shipped.ts";
import { referralOrderDelivered } from "../../referrals/referral-order-events.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { queueOrderEmail } from "../order-email.ts";

export const ShipOrderInput = z.object({
  orderId: identifier(),
  carrier: z.enum(CARRIER_IDS, { error: "is not a carrier we ship with" }),
  trackingNumber: z
    .string({ error: "is required" })
    .trim()
    .min(1, { error: "is required" })
    .regex(TRACKING_NUMBER, { error: "must be 4 to 40 letters, digits or dashes" }),
});

const stateConflict = (status: OrderStatus, wanted: string) =>
  new AppError("CONFLICT", `This order is ${ORDER_STATUS_PHRASES[status]}, so it cannot be marked ${wanted}.`);

const shipOrderDeclared = { access: staffHolding("orders"), input: ShipOrderInput };

/**
 * Marks a paid order shipped with its carrier and tracking number, and queues the shopper's shipping
 * email (and the member's reward email when rewards ship with it), in one transaction on the locked order: two staff at once ship it once and send one email.
 */
export const shipOrder = defineOperation(shipOrderDeclared, async function shipOrder(ctx, input, actor) {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) throw new AppError("NOT_FOUND", "There is no such order.");
    if (order.status !== "paid") throw stateConflict(order.status, "shipped");
    await tx
      .update(orders)
      .set({
        status: "shipped",
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        shippedAt: at,
        ver: sql`${orders.ver} + 1`,
        updatedAt: at,
      })
      .where(eq(orders.id, order.id));
    await queueOrderEmail(tx, ctx.jobs, order.id, "order-shipped");
    if (order.memberId) {
      const rewards = (await orderRewardLines(tx, order.id)).map(rewardDescription);
      await queueRewardShippedEmail(tx, ctx.jobs, {
        memberId: order.memberId,
        orderId: order.id,
        invoiceId: order.invoiceId,
        rewards,
      });
    }
    await recordAudit(tx, {
      actor,
      action: "order.ship",
      target: order.invoiceId,
      before: { status: order.status },
      after: { status: "shipped", carrier: input.carrier, trackingNumber: input.trackingNumber },
      at,
    });
    return { status: "shipped" as const };
  });
});

const markOrderDeliveredDeclared = {
  access: staffHolding("orders"),
  input: z.object({ orderId: identifier() }),
};

/** Marks a shipped order delivered; a referral it carries starts its refund window (decision 045). */
export const markOrderDelivered = defineOperation(
  markOrderDeliveredDeclared,
  async function markOrderDelivered(ctx, input, actor) {
    const at = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
      if (!order) throw new AppError("NOT_FOUND", "There is no such order.");
      if (order.status !== "shipped") throw stateConflict(order.status, "delivered");
      await tx
        .update(orders)
        .set({ status: "delivered", deliveredAt: at, ver: sql`${orders.ver} + 1`, updatedAt: at })
        .where(eq(orders.id, order.id));
      await referralOrderDelivered(tx, order.id, at);
      await recordAudit(tx, {
        actor,
        action: "order.deliver",
        target: order.invoiceId,
        before: { status: order.status },
        after: { status: "delivered" },
        at,
      });
      return { status: "delivered" as const };
    });
  },
);
