import { z } from "zod";
import { defineJob } from "../../jobs/define-job.ts";
import { backgroundJob } from "../../shared/access.ts";
import { uuid } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { completeRefund } from "./complete-refund.ts";

const FinishPendingRefundInput = z.object({ refundId: uuid() });

const declared = { access: backgroundJob, input: FinishPendingRefundInput };

/** The complete-refund job's work: finishes a refund its request left pending (a crash, a provider that did not answer). */
export const finishPendingRefund = defineOperation(declared, async function finishPendingRefund(ctx, { refundId }) {
  const refund = await completeRefund(ctx, refundId);
  return { status: refund.status };
});

/** The payment provider's own retries (the SDK's) come first; a day of these covers an outage. */
export const completeRefundJob = defineJob({
  name: "complete-refund",
  queue: { retryLimit: 30, retryDelaySeconds: 60 },
  payload: FinishPendingRefundInput,
  run: finishPendingRefund,
});
