import type { DeliveryChoice } from "../../db/schema/delivery.ts";
import { AppError } from "../../kernel/app-error.ts";
import { formatMoney } from "../../kernel/money.ts";
import type { DeliveryOption } from "../delivery/delivery-option.ts";
import { deliveryOffers, optionForBag, type ShownDeliveryOffer, shownOffers } from "../delivery/delivery-options.ts";
import { deliveryWindowText } from "../delivery/promise-text.ts";
import { editStamp } from "../shared/edit-stamp.ts";

/**
 * The options on offer and the one the bag is priced with, with a stamp of the chosen one's terms and
 * promise: the shipping form sends it back, and a checkout whose delivery has changed since is refused.
 */
export type ShownDelivery = { chosen: ShownDeliveryOffer | null; offers: ShownDeliveryOffer[]; stamp: string };

/** What the stamp covers: what the shopper is charged and promised. */
const stampOf = (offer: Pick<ShownDeliveryOffer, "id" | "priceCents" | "freeFromCents" | "start" | "end">) =>
  editStamp({
    id: offer.id,
    priceCents: offer.priceCents,
    freeFromCents: offer.freeFromCents,
    start: offer.start,
    end: offer.end,
  });

export function shownDelivery(options: readonly DeliveryOption[], chosenId: string, now: Date): ShownDelivery {
  const offers = shownOffers(options, now);
  const chosen = offers.find((offer) => offer.id === chosenId);
  const stamp = chosen ? stampOf(chosen) : "";
  return { chosen: chosen ?? null, offers, stamp };
}

/**
 * What a checkout started now gives the order: the bag's option, what its shipping comes to and the
 * window promised. When the shopper's page showed other terms (`seen`, its stamp), the checkout is
 * refused (409) with what changed, so nobody pays for a delivery they were not shown.
 */
export function deliveryForCheckout(
  options: readonly DeliveryOption[],
  bag: { chosenId: string | null; shippingCents: number },
  seen: string | undefined,
  now: Date,
): DeliveryChoice {
  const option = optionForBag(options, bag.chosenId);
  const [offer] = deliveryOffers([option], now);
  if (!offer) throw new Error(`Delivery option ${option.id} is not on offer`);
  const { start, end } = offer.promise;
  if (seen !== undefined && seen !== stampOf({ ...option, start, end })) {
    const switchedOff = bag.chosenId !== null && bag.chosenId !== option.id;
    throw new AppError(
      "CONFLICT",
      `${switchedOff ? "The delivery you chose is no longer offered. " : "Delivery has changed since you looked. "}` +
        `${option.name} delivery costs ${formatMoney(option.priceCents)} and arrives ${deliveryWindowText(offer.promise)}. ` +
        "Check your bag, then continue again.",
    );
  }
  return { optionId: option.id, name: option.name, priceCents: bag.shippingCents, start, end };
}
