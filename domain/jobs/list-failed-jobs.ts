import { z } from "zod";
import { requireStaff } from "../shared/access.ts";
import { wholeNumber } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";

/** Background jobs that used up their retries, the most recent first: for staff to see what went wrong. */
export const listFailedJobs = defineOperation(z.object({ limit: wholeNumber(1, 500).default(100) }), async (ctx, { limit }) => {
  requireStaff(ctx, "orders");
  return ctx.jobs.listFailed(limit);
});
