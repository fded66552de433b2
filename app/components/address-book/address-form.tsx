import { useRef } from "react";
import { Form } from "react-router";
import type { SavedAddress } from "../../../domain/checkout/address-book/address-input.ts";
import type { AddressBookResult } from "../../lib/address-book.ts";
import { errorProps, useFocusFirstError } from "../../lib/form-errors.ts";

const FIELDS = [
  { name: "label", label: "Name for this address", hint: "Like Home or Office", autoComplete: "off", type: "text" },
  { name: "name", label: "Recipient's full name", autoComplete: "name", type: "text" },
  { name: "mobile", label: "Mobile number", hint: "A Singapore number, e.g. 9123 4567", autoComplete: "tel", type: "tel" },
  { name: "address", label: "Street address", hint: "Block and street", autoComplete: "address-line1", type: "text" },
  { name: "unit", label: "Unit number (optional)", hint: "Like #12-34", autoComplete: "address-line2", type: "text" },
  { name: "postalCode", label: "Postal code", autoComplete: "postal-code", type: "text", inputMode: "numeric" as const },
] as const;

type Props = {
  /** The address being changed; none: a new one. */
  editing: SavedAddress | null;
  /** The answer to this form's last submit, when it was refused. */
  refused: AddressBookResult | null;
};

/** Adds an address to the book, or changes one: a plain form that posts and comes back. */
export function AddressForm({ editing, refused }: Props) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, refused);
  const prefix = editing ? `edit-${editing.id}` : "new-address";
  const invalid = FIELDS.map((field) => field.name).filter((name) => refused?.fieldErrors?.[name]);
  const heading = editing ? `Change ${editing.label}` : "Add an address";
  return (
    <Form ref={form} method="post" noValidate id="address-form" aria-labelledby={`${prefix}-heading`} className="mt-6 space-y-4">
      <h3 id={`${prefix}-heading`} className="font-bold text-brand-900">
        {heading}
      </h3>
      <input type="hidden" name="intent" value={editing ? "edit-address" : "add-address"} />
      {editing && <input type="hidden" name="addressId" value={editing.id} />}
      {refused && !refused.fieldErrors && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-sale">
          {refused.message}
        </p>
      )}
      {FIELDS.map((field) => {
        const id = `${prefix}-${field.name}`;
        const error = refused?.fieldErrors?.[field.name];
        const hint = "hint" in field ? field.hint : undefined;
        const value = refused?.values?.[field.name] ?? editing?.[field.name] ?? "";
        return (
          <div key={field.name}>
            <label htmlFor={id} className="block font-medium">
              {field.label}
            </label>
            {hint && (
              <p id={`${id}-hint`} className="text-sm text-muted">
                {hint}
              </p>
            )}
            <input
              id={id}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              inputMode={"inputMode" in field ? field.inputMode : undefined}
              defaultValue={value}
              {...errorProps(field.name, invalid, `${id}-error`, hint ? [`${id}-hint`] : [])}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-sale"
            />
            {error && (
              <p id={`${id}-error`} className="mt-1 text-sm font-medium text-sale">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {editing ? "Save changes" : "Save the address"}
        </button>
        {editing && (
          <a href="/member/account#addresses" className="font-medium text-brand-800 underline">
            Cancel
          </a>
        )}
      </div>
    </Form>
  );
}
