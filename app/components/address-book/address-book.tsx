import { Form } from "react-router";
import type { SavedAddress } from "../../../domain/checkout/address-book/address-input.ts";
import { deliveryLine } from "../../../domain/checkout/address-book/delivery-line.ts";
import type { AddressBookResult } from "../../lib/address-book.ts";
import { AddressForm } from "./address-form.tsx";

type Props = {
  addresses: SavedAddress[];
  /** How many the book holds. */
  max: number;
  /** The address whose form is open (`?edit=…`). */
  editing: SavedAddress | null;
  /** What the last change did, once it redirected back. */
  notice: string | null;
  refused: AddressBookResult | null;
};

const smallButton = "rounded-full border border-brand-700 px-4 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50";

/** One address as the book lists it, with what the member may do to it. */
function AddressEntry({ address }: { address: SavedAddress }) {
  return (
    <li className="py-4" data-testid="saved-address">
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <span className="min-w-0 break-words">{address.label}</span>
        {address.isDefault && (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Default</span>
        )}
      </p>
      <p className="break-words text-ink">{`${address.name}, ${address.mobile}`}</p>
      <p className="break-words text-ink">{`${deliveryLine(address)}, Singapore ${address.postalCode}`}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <a href={`/member/account?edit=${encodeURIComponent(address.id)}#address-form`} className={smallButton}>
          Change <span className="sr-only">{address.label}</span>
        </a>
        {!address.isDefault && (
          <Form method="post">
            <input type="hidden" name="intent" value="default-address" />
            <input type="hidden" name="addressId" value={address.id} />
            <button type="submit" className={smallButton}>
              Make <span className="sr-only">{address.label}</span> the default
            </button>
          </Form>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="remove-address" />
          <input type="hidden" name="addressId" value={address.id} />
          <button type="submit" className={smallButton}>
            Remove <span className="sr-only">{address.label}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}

/** The member's address book: the addresses checkout offers, and the forms that add and change them. */
export function AddressBook({ addresses, max, editing, notice, refused }: Props) {
  const formRefusal = refused?.intent === "add-address" || refused?.intent === "edit-address" ? refused : null;
  const listRefusal = refused && !formRefusal ? refused : null;
  const full = addresses.length >= max;
  return (
    <section id="addresses" aria-labelledby="addresses-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="addresses-heading" className="text-lg font-bold text-brand-900">
        Address book
      </h2>
      <p className="mt-1 text-sm text-muted">{`Checkout offers these, your default first. Up to ${max} addresses.`}</p>
      {notice && !refused && (
        <p role="status" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-3 font-medium text-emerald-900">
          {notice}
        </p>
      )}
      {listRefusal && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-sale">
          {listRefusal.message}
        </p>
      )}
      {addresses.length === 0 ? (
        <p className="mt-4 text-ink">You have no saved addresses yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {addresses.map((address) => (
            <AddressEntry key={address.id} address={address} />
          ))}
        </ul>
      )}
      {editing || !full || formRefusal ? (
        <AddressForm key={editing?.id ?? "new"} editing={editing} refused={formRefusal} />
      ) : (
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-ink" data-testid="address-book-full">
          {`Your address book is full (${max} addresses). Remove one you no longer use to add another.`}
        </p>
      )}
    </section>
  );
}
