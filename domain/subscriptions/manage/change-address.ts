import { ShippingInput } from "../../checkout/shipping-details.ts";
import { defineOperation } from "../../shared/operation.ts";
import { changeSubscription } from "./change-subscription.ts";
import { subscriptionHolder } from "./subscription-holder.ts";
import { subscriptionIdInput } from "./subscription-input.ts";

export const ChangeAddressInput = ShippingInput.extend({ subscriptionId: subscriptionIdInput });

const declared = { access: subscriptionHolder(), input: ChangeAddressInput };

/** changeAddress: where the boxes go and who they are for, from the next box on; the checkout's delivery rules apply. */
export const changeAddress = defineOperation(declared, async function changeAddress(ctx, input, held) {
  const { subscriptionId: _id, ...shipping } = input;
  return changeSubscription(ctx, held, () => ({
    // Typed, the address is no longer one from the member's book.
    set: { shipping, addressId: null },
    told: `Your boxes now go to ${shipping.name}, ${shipping.address}, Singapore ${shipping.postalCode}.`,
  }));
});
