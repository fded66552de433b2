/** The address book's forms on /member/account, each one change: its `intent` field says which. */
export const ADDRESS_INTENTS = ["add-address", "edit-address", "default-address", "remove-address"] as const;

export type AddressIntent = (typeof ADDRESS_INTENTS)[number];

export const isAddressIntent = (value: string): value is AddressIntent => (ADDRESS_INTENTS as readonly string[]).includes(value);

/** What the page says after a change, named in its address (`?address=…`) once the change redirected back. */
export const ADDRESS_NOTICES: Record<AddressIntent, string> = {
  "add-address": "The address is saved in your address book.",
  "edit-address": "The address is changed.",
  "default-address": "That address is now your default.",
  "remove-address": "The address is removed from your address book.",
};

/** The address book's answer to a refused change: why, each bad field's own message, and what was typed. */
export type AddressBookResult = {
  ok: false;
  intent: AddressIntent | null;
  addressId: string | null;
  message: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};
