import { z } from "zod";
import { requireStaff } from "../shared/access.ts";
import { AppError } from "../shared/app-error.ts";
import { uuid } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { JOB_NAMES } from "./job-queue.ts";

const RetryInput = z.object({ name: z.enum(JOB_NAMES, { error: "is not a job name" }), id: uuid() });

/** Sends a failed background job back to the queue for one more try (after staff fixed its cause). */
export const retryJob = defineOperation(RetryInput, async (ctx, { name, id }) => {
  requireStaff(ctx, "orders");
  if (!(await ctx.jobs.retry(name, id))) throw new AppError("NOT_FOUND", "There is no failed job with this id.");
});
