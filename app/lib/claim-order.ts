import type { ProgrammeTerms } from "../../domain/loyalty/programme/programme.ts";
import { formatPoints, oldOrderText } from "../../domain/loyalty/programme/programme-copy.ts";
import { formatMoney } from "../../kernel/money.ts";

/** The form field that tells the member page's action which form was sent. */
export const CLAIM_ORDER_INTENT = "claim-order";

export type ClaimOrderResult = {
  intent: typeof CLAIM_ORDER_INTENT;
  ok: boolean;
  message: string;
  invalidFields?: string[];
  /** What was typed, handed back with a failure so a form posted without JavaScript comes back filled in. */
  values?: { invoiceId: string; mobile: string };
};

/** What the member reads after a past order was added to their membership. */
export function claimSuccessMessage(
  claim: { invoiceId: string; age: "old" | "new"; counted: boolean; pointsCredited: number; spentCents: number },
  terms: ProgrammeTerms,
) {
  if (!claim.counted) {
    return `Order ${claim.invoiceId} is on your membership again. Its points and spend were counted when it was first linked.`;
  }
  const spent = formatMoney(claim.spentCents);
  if (claim.age === "old") {
    return `Order ${claim.invoiceId} is on your membership and its ${spent} is counted towards your spend. ${oldOrderText(terms)}`;
  }
  return `Order ${claim.invoiceId} is on your membership: ${formatPoints(claim.pointsCredited)} added and ${spent} counted towards your spend.`;
}

/** The member page's action data, when it answers the claim form. */
export function isClaimOrderResult(value: unknown): value is ClaimOrderResult {
  return typeof value === "object" && value !== null && "intent" in value && value.intent === CLAIM_ORDER_INTENT;
}
