import { eq } from "drizzle-orm";
import { z } from "zod";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { AppError } from "../../kernel/app-error.ts";
import { defineJob } from "../jobs/define-job.ts";
import { backgroundJob } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { endCheckout } from "./close-checkout.ts";

export const ExpireCheckoutSessionInput = z.object({ sessionId: z.string().min(1).max(300) });

/** How the expire-checkout-session job is retried, e.g. when it runs on a clock a little behind. */
export const EXPIRY_JOB_RETRY = { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true };

const declared = { access: backgroundJob, input: ExpireCheckoutSessionInput };

/**
 * expireCheckoutSession: the job scheduled when a checkout opens, for the moment its payment session
 * lapses unpaid (Stripe's 24 hours): the session is expired and its promotion hold released, once
 * (Stripe's checkout.session.expired webhook may say the same; whichever comes first closes it).
 * Only that job runs it, and it ends a session only once its time is up (a job on a clock a little
 * behind fails and is retried); one paid meanwhile is fulfilled instead.
 */
export const expireCheckoutSession = defineOperation(declared, async function expireCheckoutSession(ctx, input): Promise<void> {
  const [session] = await ctx.db
    .select({
      id: checkoutSessions.id,
      provider: checkoutSessions.provider,
      status: checkoutSessions.status,
      expiresAt: checkoutSessions.expiresAt,
    })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, input.sessionId));
  if (!session) throw new AppError("NOT_FOUND", "There is no such checkout session.");
  if (session.status !== "open") return;
  if (session.expiresAt > ctx.now()) throw new AppError("CONFLICT", "This checkout session has not expired yet.");
  await endCheckout(ctx, session);
});

export const expireCheckoutSessionJob = defineJob({
  name: "expire-checkout-session",
  queue: { retryLimit: 8, retryDelaySeconds: 60 },
  payload: ExpireCheckoutSessionInput,
  run: expireCheckoutSession,
});
