import type { AddressChoices } from "../../../domain/checkout/address-book/address-book.ts";
import { deliveryLine } from "../../../domain/checkout/address-book/delivery-line.ts";
import { NEW_ADDRESS } from "../../lib/checkout-address.ts";

/**
 * On the shipping form: while a saved address is chosen, the fields it fills (marked `address-field`)
 * are hidden, by CSS alone so it holds without JavaScript.
 */
export const HIDE_FIELDS_OF_SAVED_ADDRESS = "[&:has(.saved-address:checked)_.address-field]:hidden";

type Answer = { fieldErrors?: Partial<Record<string, string>>; values?: Record<string, string> } | undefined;

type Props = { choices: AddressChoices; answer: Answer };

/** The member's saved addresses to deliver to, the default chosen first, and "a new address". Nothing when they have none. */
export function AddressChoice({ choices, answer }: Props) {
  const { addresses } = choices;
  if (addresses.length === 0) return null;
  const chosen = answer?.values?.savedAddress || (addresses.find((address) => address.isDefault)?.id ?? NEW_ADDRESS);
  const option = "flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700";
  return (
    <fieldset className="space-y-2" data-testid="address-choice">
      <legend className="mb-2 font-medium">Deliver to</legend>
      {addresses.map((address) => (
        <label key={address.id} className={option}>
          <input
            type="radio"
            name="savedAddress"
            value={address.id}
            defaultChecked={chosen === address.id}
            className="saved-address mt-1 size-4 shrink-0 accent-brand-700"
          />
          <span className="min-w-0 break-words">
            <span className="block font-semibold">
              {address.label}
              {address.isDefault && <span className="ml-2 text-sm font-normal text-muted">(default)</span>}
            </span>
            <span className="block text-sm">{`${address.name}, ${address.mobile}`}</span>
            <span className="block text-sm">{`${deliveryLine(address)}, Singapore ${address.postalCode}`}</span>
          </span>
        </label>
      ))}
      <label className={option}>
        <input
          type="radio"
          name="savedAddress"
          value={NEW_ADDRESS}
          defaultChecked={chosen === NEW_ADDRESS}
          className="mt-1 size-4 shrink-0 accent-brand-700"
        />
        <span className="font-semibold">A new address</span>
      </label>
    </fieldset>
  );
}

/** For a member whose book has room: keep the new address typed above in the address book. */
export function SaveAddressChoice({ choices, answer }: Props) {
  if (!choices.canSave) return null;
  const problem = answer?.fieldErrors?.saveAddress ?? answer?.fieldErrors?.label;
  return (
    <div className="address-field space-y-3 rounded-lg bg-slate-50 p-3">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          name="saveAddress"
          defaultChecked={answer?.values?.saveAddress === "on"}
          className="size-4 accent-brand-700"
        />
        Save to my address book
      </label>
      <div>
        <label htmlFor="address-label" className="block font-medium">
          Name for this address
        </label>
        <input
          id="address-label"
          name="label"
          type="text"
          defaultValue={answer?.values?.label ?? "Home"}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "save-address-error" : undefined}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 aria-invalid:border-sale"
        />
      </div>
      {problem && (
        <p id="save-address-error" className="text-sm font-medium text-sale">
          {problem}
        </p>
      )}
    </div>
  );
}
