import type { Database } from "../../db/client.ts";
import type { BagLine } from "../bag/price-bag.ts";
import { shippingFor } from "../bag/price-bag.ts";
import { readStandardDelivery } from "../delivery/delivery-options.ts";
import { type CheckoutPricing, priceCheckout } from "./price-checkout.ts";

/**
 * A subscribed line priced as its renewals are (renew-subscription.ts prices each one so): the line
 * alone at today's price (never counted with other boxes for a quantity price), its subscription discount off and no other, with the shipping standard delivery charges for it now.
 */
export async function priceRenewal(db: Database, line: BagLine, now: Date): Promise<CheckoutPricing> {
  const delivery = await readStandardDelivery(db);
  const shippingCents = shippingFor(line.lineTotalCents, delivery);
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
