import { z } from "zod";
import { debugTool, ownMember } from "../shared/access.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { creditDebugPoints } from "./debug-points.ts";
import { metaInput } from "./meta-input.ts";

export const RefundPointsInput = z.object({
  memberId: identifier(),
  /** `points` (default 100) and an optional `requestId` that makes a retried call count once. */
  meta: metaInput,
});

const declared = { name: "refundPointTransaction", access: debugTool(ownMember), input: RefundPointsInput };

/** refundPointTransaction (debug tool): gives the member `refund` points back, as a refund of points does. */
export const refundPointTransaction = defineOperation(declared, async (ctx, input) => {
  return creditDebugPoints(ctx, { memberId: input.memberId, kind: "refund", meta: input.meta });
});
