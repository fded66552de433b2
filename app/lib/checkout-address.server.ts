import { getAddress } from "../../domain/checkout/address-book/address-book.ts";
import { AddressInput } from "../../domain/checkout/address-book/address-input.ts";
import { addAddress } from "../../domain/checkout/address-book/change-address-book.ts";
import { deliveryLine } from "../../domain/checkout/address-book/delivery-line.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { AppError, isAppError } from "../../kernel/app-error.ts";
import { formText } from "./action-result.server.ts";
import { NEW_ADDRESS } from "./checkout-address.ts";
import { formInput } from "./form-input.server.ts";

/** The address choice as typed, handed back with a refusal so the form comes back as it was. */
export function addressChoiceValues(form: FormData): Record<string, string> {
  return {
    savedAddress: formText(form, "savedAddress"),
    label: formText(form, "label"),
    ...(form.has("saveAddress") ? { saveAddress: "on" } : {}),
  };
}

/**
 * The shipping form as the member's address choice makes it: a saved address chosen puts its
 * recipient, mobile and address in place of those fields (another member's reads as not found); a new
 * address with "save to my address book" ticked goes into the book first (once, however often it is sent).
 */
export async function shippingFormOfChoice(ctx: OperationContext, form: FormData): Promise<FormData> {
  const chosen = formText(form, "savedAddress");
  if (chosen !== "" && chosen !== NEW_ADDRESS) {
    const saved = await getAddress(ctx, { addressId: chosen });
    const filled = new FormData();
    for (const [field, value] of form) filled.append(field, value);
    filled.set("name", saved.name);
    filled.set("mobile", saved.mobile);
    filled.set("address", deliveryLine(saved));
    filled.set("postalCode", saved.postalCode);
    return filled;
  }
  if (form.has("saveAddress")) await saveToBook(ctx, form);
  return form;
}

/** The new address into the book; a full book is said beside the box that asked, not as a problem with the bag. */
async function saveToBook(ctx: OperationContext, form: FormData): Promise<void> {
  try {
    await addAddress(ctx, formInput(AddressInput, form, { unit: "" }));
  } catch (error) {
    if (isAppError(error) && error.code === "CONFLICT") {
      throw new AppError("BAD_USER_INPUT", error.message, { saveAddress: error.message });
    }
    throw error;
  }
}
