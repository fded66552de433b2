import type { Database } from "../../db/client.ts";
import type { SaveCardConsent } from "../../integrations/payments/payment-provider.ts";
import { AppError } from "../../kernel/app-error.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import { formatMoney } from "../../kernel/money.ts";
import type { BagDelivery, BagLine } from "../bag/price-bag.ts";
import type { OperationContext } from "../shared/context.ts";
import { priceRenewal } from "./renewal-price.ts";

type Shop = { brandName: string; publicUrl: string };

/**
 * The words a card is kept by for renewals (what a card network asks for): that the card is kept, how
 * much each renewal takes and how often, and how to cancel. Beside the pay button of a checkout that
 * subscribes, and of a renewal's payment its card holder confirms.
 */
export function saveCardConsent(
  shop: Shop,
  renewals: { totalCents: number; cadenceWeeks: number; item: string }[],
): SaveCardConsent {
  const each = renewals.map(
    (renewal) => `${formatMoney(renewal.totalCents)} every ${renewal.cadenceWeeks} weeks for ${renewal.item}`,
  );
  return {
    text:
      `${shop.brandName} keeps this card and charges it ${each.join(" and ")} ` +
      "(at the price then in force, less your subscription discount) until you cancel. " +
      `Skip, pause or cancel any time at ${shop.publicUrl}/member/subscriptions.`,
  };
}

/** The consent of a checkout whose bag subscribes, each renewal priced as it will be charged; none when it does not subscribe. */
export async function subscriptionConsent(
  db: Database,
  shop: Shop,
  lines: BagLine[],
  delivery: BagDelivery,
  now: Date,
): Promise<SaveCardConsent | undefined> {
  const renewals: Parameters<typeof saveCardConsent>[1] = [];
  for (const line of lines) {
    if (!line.subscription) continue;
    const { totalCents } = await priceRenewal(db, line, delivery, now);
    const name = lineDescription({ productName: line.product.name, ...line.option });
    renewals.push({ totalCents, cadenceWeeks: line.subscription.cadenceWeeks, item: `${line.quantity} × ${name}` });
  }
  return renewals.length === 0 ? undefined : saveCardConsent(shop, renewals);
}

/** Whether the viewer must sign in or join before paying for these lines: a subscription is kept in a member's account. */
export function needsMember(ctx: Pick<OperationContext, "viewer">, lines: BagLine[]): boolean {
  const memberId = ctx.viewer.kind === "member" ? ctx.viewer.memberId : null;
  return memberId === null && lines.some((line) => line.subscription);
}

/** Refuses (401) a checkout that subscribes for a viewer who is not signed in. */
export function assertMemberForSubscriptions(ctx: Pick<OperationContext, "viewer">, lines: BagLine[]): void {
  if (needsMember(ctx, lines)) {
    throw new AppError("UNAUTHENTICATED", "Please sign in or join to subscribe: your subscription is kept in your account.");
  }
}
