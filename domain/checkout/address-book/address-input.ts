import { z } from "zod";
import type { ShippingDetails } from "../../../db/schema/checkout.ts";
import type { memberAddresses } from "../../../db/schema/member-addresses.ts";
import { formatSingaporeMobile } from "../../../kernel/singapore-mobile.ts";
import { identifier, text } from "../../shared/input.ts";
import { ShippingInput } from "../shipping-details.ts";
import { deliveryLine } from "./delivery-line.ts";

/** How many addresses a member's book holds. */
export const MAX_ADDRESSES = 10;

export const NO_SUCH_ADDRESS = "There is no such address in your address book.";

export const addressIdInput = identifier(64);

/** One address as the member types it: recipient, mobile, street and postal code checked as the delivery form checks them. */
export const AddressInput = ShippingInput.pick({ name: true, mobile: true, address: true, postalCode: true }).extend({
  label: text(40).refine((value) => value.length > 0, { error: "Give the address a name, like Home or Office." }),
  unit: text(20),
});

export type AddressFields = z.output<typeof AddressInput>;

export const AddressIdInput = z.object({ addressId: addressIdInput });

export type StoredAddress = typeof memberAddresses.$inferSelect;

/** An address as the book shows it; `address` is the street as typed and the mobile is written as a shopper writes it. */
export type SavedAddress = {
  id: string;
  label: string;
  name: string;
  mobile: string;
  address: string;
  unit: string;
  postalCode: string;
  isDefault: boolean;
};

export function savedAddressOf(row: StoredAddress): SavedAddress {
  return {
    id: row.id,
    label: row.label,
    name: row.name,
    mobile: formatSingaporeMobile(row.mobile),
    address: row.street,
    unit: row.unit,
    postalCode: row.postalCode,
    isDefault: row.isDefault,
  };
}

/** The delivery details an address gives an order or a subscription: who receives, their mobile and where. */
export function shippingOf(row: Pick<StoredAddress, "name" | "mobile" | "street" | "unit" | "postalCode">) {
  const details: Pick<ShippingDetails, "name" | "mobile" | "address" | "postalCode"> = {
    name: row.name,
    mobile: row.mobile,
    address: deliveryLine({ address: row.street, unit: row.unit }),
    postalCode: row.postalCode,
  };
  return details;
}
