import { inArray } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { subscriptionOptionTerms, subscriptionSettings } from "../../db/schema/subscriptions.ts";
import { AppError } from "../../kernel/app-error.ts";
import { DEFAULT_SUBSCRIPTION_OFFER, type SoldOutRule } from "../../kernel/subscription-terms.ts";

/** The merchant's subscription offer as it stands (decision 055). */
export type SubscriptionOffer = {
  discountPercent: number;
  cadencesWeeks: number[];
  reminderDays: number;
  retryDays: number[];
  soldOutRule: SoldOutRule;
};

/** The shop's subscription offer: its settings row, or the defaults while the merchant has saved none. */
export async function loadSubscriptionOffer(db: Database | Tx): Promise<SubscriptionOffer> {
  const [row] = await db.select().from(subscriptionSettings);
  const defaults = DEFAULT_SUBSCRIPTION_OFFER;
  return row ?? { ...defaults, cadencesWeeks: [...defaults.cadencesWeeks], retryDays: [...defaults.retryDays] };
}

/**
 * The subscription discount of each option that can be subscribed: its own percent, else the shop's.
 * An option switched off for subscriptions is left out.
 */
export async function subscriptionDiscounts(
  db: Database | Tx,
  offer: Pick<SubscriptionOffer, "discountPercent">,
  optionIds: string[],
): Promise<Map<string, number>> {
  if (optionIds.length === 0) return new Map();
  const own = await db.select().from(subscriptionOptionTerms).where(inArray(subscriptionOptionTerms.optionId, optionIds));
  const terms = new Map(own.map((row) => [row.optionId, row]));
  return new Map(
    optionIds.flatMap((optionId) => {
      const term = terms.get(optionId);
      if (term && !term.subscribable) return [];
      return [[optionId, term?.discountPercent ?? offer.discountPercent] as const];
    }),
  );
}

/** "every 2, 4, 6 or 8 weeks": the cadences the offer gives, as a sentence ends. */
export function cadenceChoices(offer: Pick<SubscriptionOffer, "cadencesWeeks">): string {
  const weeks = offer.cadencesWeeks.map(String);
  const last = weeks.pop();
  return weeks.length > 0 ? `every ${weeks.join(", ")} or ${last} weeks` : `every ${last} weeks`;
}

/** Refuses (400) a subscription to an option the offer leaves out, or at a cadence it does not give. */
export async function assertSubscribable(db: Database | Tx, optionId: string, cadenceWeeks: number): Promise<void> {
  const offer = await loadSubscriptionOffer(db);
  if (!offer.cadencesWeeks.includes(cadenceWeeks)) {
    throw new AppError("BAD_USER_INPUT", `Choose how often it comes: ${cadenceChoices(offer)}.`, {
      cadenceWeeks: `Choose ${cadenceChoices(offer)}.`,
    });
  }
  if (!(await subscriptionDiscounts(db, offer, [optionId])).has(optionId)) {
    throw new AppError("BAD_USER_INPUT", "This option cannot be bought on subscription.");
  }
}
