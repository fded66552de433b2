import { z } from "zod";
import { ownAddressRow } from "../../checkout/address-book/address-book.ts";
import { addressIdInput, shippingOf } from "../../checkout/address-book/address-input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { changeSubscription } from "./change-subscription.ts";
import { subscriptionHolder } from "./subscription-holder.ts";
import { subscriptionIdInput } from "./subscription-input.ts";

export const ShipToSavedAddressInput = z.object({ subscriptionId: subscriptionIdInput, addressId: addressIdInput });

const declared = { access: subscriptionHolder(), input: ShipToSavedAddressInput };

/**
 * shipToSavedAddress: the boxes go to an address from the member's own book from the next box on
 * (another member's reads as not found), and follow it when the member changes it there. The address
 * is held (FOR SHARE) while it is taken, so it is not removed or changed halfway.
 */
export const shipToSavedAddress = defineOperation(declared, async function shipToSavedAddress(ctx, input, held) {
  return changeSubscription(ctx, held, async (current, tx) => {
    const address = await ownAddressRow(tx, held.memberId, input.addressId, "share");
    const shipping = { ...current.shipping, ...shippingOf(address) };
    return {
      set: { shipping, addressId: address.id },
      told: `Your boxes now go to ${address.label}: ${shipping.name}, ${shipping.address}, Singapore ${shipping.postalCode}.`,
    };
  });
});
