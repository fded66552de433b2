import type { Database } from "../../db/client.ts";
import type { BagDelivery, BagLine } from "../bag/price-bag.ts";
import { deliveryChargeFor } from "../delivery/delivery-option.ts";
import { type CheckoutPricing, priceCheckout } from "./price-checkout.ts";

/**
 * A subscribed line priced as its renewals are (renew-subscription.ts prices each one so): the line
 * alone at today's price (never counted with other boxes for a quantity price), its subscription discount off and no other, with the shipping
 * `delivery` (standard, as the merchant set it: standardDeliveryOf) charges for it.
 */
export function priceRenewal(db: Database, line: BagLine, delivery: BagDelivery, now: Date): Promise<CheckoutPricing> {
  const shippingCents = deliveryChargeFor(line.lineTotalCents, delivery);
  const bag = {
    lines: [{ ...line, quantitySavingCents: 0 }],
    unavailableOptionIds: [],
    itemCount: line.quantity,
    subtotalCents: line.lineTotalCents,
    quantitySavings: [],
    goodsCents: line.lineTotalCents,
    shippingCents,
    totalCents: line.lineTotalCents + shippingCents,
    delivery,
  };
  return priceCheckout(db, bag, { promotionCode: null, referral: null }, now);
}
