import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { orders } from "../../../db/schema/orders.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { planRefund, RefundRequestInput } from "./refund-plan.ts";

const declared = { access: staffHolding("refunds"), input: RefundRequestInput };

/**
 * previewRefund (staff with "refunds"): what a refund would give back now — its amount and the lines
 * it credits — for the staff member to confirm before anything is refunded, with the id the refund
 * takes once confirmed. Changes nothing; the refund itself is refused should it come to another
 * amount by then.
 */
export const previewRefund = defineOperation(declared, async function previewRefund(ctx, input) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw new AppError("NOT_FOUND", "There is no such order.");
  return { ...(await planRefund(ctx.db, order, input)), refundId: randomUUID() };
});
