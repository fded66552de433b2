import { z } from "zod";
import { debugTool, ownMember } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { DEBUG_REFUND_POINTS } from "./debug-defaults.ts";
import { creditDebugPoints, debugCreditFields } from "./debug-points.ts";
import { metaOf } from "./meta-input.ts";

/** refundPointTransaction's meta: `points` (default 100) and an optional `requestId` that makes a retried call count once. */
export const RefundPointsMeta = z.object(debugCreditFields(DEBUG_REFUND_POINTS));

export const RefundPointsInput = z.object({
  memberId: identifier(),
  meta: metaOf(RefundPointsMeta),
});

const declared = { access: debugTool(ownMember), input: RefundPointsInput };

/** refundPointTransaction (debug tool): gives the member `refund` points back, as a refund of points does. */
export const refundPointTransaction = defineOperation(declared, async function refundPointTransaction(ctx, input) {
  return creditDebugPoints(ctx, { memberId: input.memberId, kind: "refund", ...input.meta });
});
