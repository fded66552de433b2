import type { deliveryOptions } from "../../db/schema/delivery.ts";

/** A way the shop delivers, as the merchant set it at /admin/delivery (decision 063). */
export type DeliveryOption = Omit<typeof deliveryOptions.$inferSelect, "createdAt" | "updatedAt">;

/** What pages say of the shop's usual delivery: its price, where it turns free and how long it takes. */
export type DeliveryTerms = Pick<DeliveryOption, "priceCents" | "freeFromCents" | "minDays" | "maxDays">;

export function deliveryTermsOf({ priceCents, freeFromCents, minDays, maxDays }: DeliveryTerms): DeliveryTerms {
  return { priceCents, freeFromCents, minDays, maxDays };
}

/** What a bag is charged for delivery when the shopper has not chosen: the standard option, seeded by the migration. */
export const STANDARD_DELIVERY_ID = "standard";

/** Nothing for goods from its threshold on, its price below it (and for a bag with no goods). */
export function deliveryChargeFor(goodsCents: number, option: Pick<DeliveryOption, "priceCents" | "freeFromCents">): number {
  if (goodsCents <= 0) return 0;
  return option.freeFromCents !== null && goodsCents >= option.freeFromCents ? 0 : option.priceCents;
}
