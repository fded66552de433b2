import { z } from "zod";
import { requireSystem } from "../../shared/access.ts";
import { uuid } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { completeRefund } from "./complete-refund.ts";

/** The complete-refund job: finishes a refund its request left pending (a crash, a provider that did not answer). */
export const completeRefundJob = defineOperation(z.object({ refundId: uuid() }), async (ctx, { refundId }) => {
  requireSystem(ctx);
  const refund = await completeRefund(ctx, refundId);
  return { status: refund.status };
});
