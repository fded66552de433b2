import { z } from "zod";
import { staffHolding } from "../shared/access.ts";
import { wholeNumber } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";

const declared = {
  access: staffHolding("orders"),
  input: z.object({ limit: wholeNumber(1, 500).default(100) }),
};

/** Background jobs that used up their retries, the most recent first: for staff to see what went wrong. */
export const listFailedJobs = defineOperation(declared, async function listFailedJobs(ctx, { limit }) {
  return ctx.jobs.listFailed(limit);
});
