import { z } from "zod";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { isWellFormedCheckoutSessionId } from "./session-id.ts";

export const GetTestPaymentSessionInput = z.object({
  /** From the page's address: anything that is not a session id is no session. */
  sessionId: z.string(),
});

export type TestPaymentPage = { amountCents: number; email: string; status: "open" | "paid" | "expired"; cancelUrl: string };

/** getTestPaymentSession: what the test provider's card page shows for a session; null when there is none (or no test provider). */
export const getTestPaymentSession = defineOperation(
  { access: anyone, input: GetTestPaymentSessionInput },
  async function getTestPaymentSession(ctx, input): Promise<TestPaymentPage | null> {
    if (!ctx.testPayments || !isWellFormedCheckoutSessionId(input.sessionId)) return null;
    const session = await ctx.testPayments.findSession(input.sessionId);
    if (!session) return null;
    return { amountCents: session.amountCents, email: session.email, status: session.status, cancelUrl: session.cancelUrl };
  },
);
