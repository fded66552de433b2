import { data, redirect } from "react-router";
import { AddressIdInput, AddressInput } from "../../domain/checkout/address-book/address-input.ts";
import {
  addAddress,
  editAddress,
  makeDefaultAddress,
  removeAddress,
} from "../../domain/checkout/address-book/change-address-book.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { isAppError } from "../../kernel/app-error.ts";
import { expectedFailure, formText } from "./action-result.server.ts";
import { type AddressBookResult, type AddressIntent, isAddressIntent } from "./address-book.ts";
import { formInput, typedValues } from "./form-input.server.ts";

const EditInput = AddressInput.extend(AddressIdInput.shape);

const CHANGES: Record<AddressIntent, (ctx: OperationContext, form: FormData) => Promise<unknown>> = {
  "add-address": (ctx, form) => addAddress(ctx, formInput(AddressInput, form)),
  "edit-address": (ctx, form) => editAddress(ctx, formInput(EditInput, form)),
  "default-address": (ctx, form) => makeDefaultAddress(ctx, formInput(AddressIdInput, form)),
  "remove-address": (ctx, form) => removeAddress(ctx, formInput(AddressIdInput, form)),
};

/**
 * One change to the member's address book, as its form on /member/account names it: done, it
 * redirects back to the book saying so (so a reload posts nothing again); refused, it answers why,
 * field by field, with what was typed.
 */
export async function changeAddressBook(ctx: OperationContext, form: FormData) {
  const intent = formText(form, "intent");
  const addressId = formText(form, "addressId") || null;
  if (!isAddressIntent(intent)) {
    const message = "This form is not known here. Please reload the page.";
    return data<AddressBookResult>({ ok: false, intent: null, addressId, message }, { status: 400 });
  }
  try {
    await CHANGES[intent](ctx, form);
    return redirect(`/member/account?${new URLSearchParams({ address: intent })}#addresses`, 303);
  } catch (error) {
    const { message, status } = expectedFailure(error);
    const fieldErrors = isAppError(error) ? error.fields : undefined;
    const values = intent === "add-address" || intent === "edit-address" ? typedValues(EditInput, form) : undefined;
    return data<AddressBookResult>({ ok: false, intent, addressId, message, fieldErrors, values }, { status });
  }
}
