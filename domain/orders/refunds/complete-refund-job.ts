import { z } from "zod";
import { backgroundJob } from "../../shared/access.ts";
import { uuid } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { completeRefund } from "./complete-refund.ts";

const declared = { access: backgroundJob, input: z.object({ refundId: uuid() }) };

/** The complete-refund job: finishes a refund its request left pending (a crash, a provider that did not answer). */
export const completeRefundJob = defineOperation(declared, async function completeRefundJob(ctx, { refundId }) {
  const refund = await completeRefund(ctx, refundId);
  return { status: refund.status };
});
