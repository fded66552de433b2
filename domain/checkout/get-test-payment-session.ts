import { z } from "zod";
import type { TestPaymentSession } from "../../integrations/payments/test-provider.ts";
import { fromCents } from "../../kernel/money.ts";
import { OPTIONAL_METHODS, type OptionalMethod } from "../../kernel/payment-methods.ts";
import { qrSvg } from "../../kernel/qr-svg.ts";
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
  /** "processing": a PayNow payment was started and is awaited. */
  status: TestPaymentSession["status"];
  cancelUrl: string;
  /** Where the shopper goes back to the shop (the payment's outcome is shown there). */
  successUrl: string;
  /** The consent shown beside the button when the card is kept for later charges. */
  saveCardConsent: string | null;
  /** The test cards to choose from, the default first. */
  cards: { number: string; does: string }[];
  /** The methods offered beside cards, with their names, in the order the page shows them. */
  methods: { method: OptionalMethod; label: string }[];
  /** A started PayNow payment's QR code (SVG); null otherwise. */
  payNowQr: string | null;
};

/** getTestPaymentSession: what the test provider's pay page shows for a session; null when there is none (or no test provider). */
export const getTestPaymentSession = defineOperation(
  { access: anyone, input: GetTestPaymentSessionInput },
  async function getTestPaymentSession(ctx, input): Promise<TestPaymentPage | null> {
    if (!ctx.testPayments || !isWellFormedCheckoutSessionId(input.sessionId)) return null;
    const session = await ctx.testPayments.findSession(input.sessionId);
    if (!session) return null;
    const accepted = session.acceptedMethods;
    const payingByPayNow = session.status === "processing" && session.paidWith?.method === "paynow";
    return {
      mode: session.mode,
      amountCents: session.amountCents,
      email: session.email,
      status: session.status,
      cancelUrl: session.cancelUrl,
      successUrl: session.successUrl,
      saveCardConsent: session.saveCardConsent,
      cards: ctx.testPayments.cards.map(({ number, does }) => ({ number, does })),
      methods: (Object.keys(OPTIONAL_METHODS) as OptionalMethod[])
        .filter((method) => accepted?.[method])
        .map((method) => ({ method, label: OPTIONAL_METHODS[method] })),
      // Stands for the PayNow code Stripe shows: the session and the amount, for the test bank app.
      payNowQr: payingByPayNow
        ? qrSvg(`PAYNOW TEST ${session.id} SGD ${fromCents(session.amountCents)}`, "PayNow QR code")
        : null,
    };
  },
);
