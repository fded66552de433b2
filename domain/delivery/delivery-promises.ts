import { z } from "zod";
import { MINUTE_MS } from "../../kernel/singapore-time.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { deliveryOptionsOf, type ShownDeliveryOffer, shownOffers } from "./delivery-options.ts";

const declared = { access: anyone, input: z.object({}) };

/**
 * deliveryPromises: what an order placed now is promised with each option on offer, for a page every
 * visitor shares. Such a page is kept for the minute it was made in, so the countdown is told as at
 * the minute's end: it never says more time is left than there is.
 */
export const deliveryPromises = defineOperation(declared, async function deliveryPromises(ctx): Promise<ShownDeliveryOffer[]> {
  const now = ctx.now();
  const minuteEnd = new Date((Math.floor(now.getTime() / MINUTE_MS) + 1) * MINUTE_MS);
  return shownOffers(await deliveryOptionsOf(ctx), now, minuteEnd);
});
