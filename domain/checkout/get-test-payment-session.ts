import { z } from "zod";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { isWellFormedCheckoutSessionId } from "./session-id.ts";

export const GetTestPaymentSessionInput = z.object({
  /** From the page's address: anything that is not a session id is no session. */
  sessionId: z.string(),
});

export type TestPaymentPage = {
  /** "setup" only saves a card. */
  mode: "payment" | "setup";
  amountCents: number;
  email: string;
  status: "open" | "paid" | "expired";
  cancelUrl: string;
  /** The consent shown beside the button when the card is kept for later charges. */
  saveCardConsent: string | null;
  /** The test cards to choose from, the default first. */
  cards: { number: string; does: string }[];
};

/** getTestPaymentSession: what the test provider's card page shows for a session; null when there is none (or no test provider). */
export const getTestPaymentSession = defineOperation(
  { access: anyone, input: GetTestPaymentSessionInput },
  async function getTestPaymentSession(ctx, input): Promise<TestPaymentPage | null> {
    if (!ctx.testPayments || !isWellFormedCheckoutSessionId(input.sessionId)) return null;
    const session = await ctx.testPayments.findSession(input.sessionId);
    if (!session) return null;
    return {
      mode: session.mode,
      amountCents: session.amountCents,
      email: session.email,
      status: session.status,
      cancelUrl: session.cancelUrl,
      saveCardConsent: session.saveCardConsent,
      cards: ctx.testPayments.cards.map(({ number, does }) => ({ number, does })),
    };
  },
);
