import { Field, SelectField } from "../admin-form.tsx";

const UNIT_CHOICES = [
  { value: "b", label: "Boxes" },
  { value: "pu", label: "Pouches" },
];

/**
 * What a new option's id is made of (op-{product}[_variant]-{count}{b|pu}); the id cannot change
 * once the option exists, as bags, orders and rewards name it.
 */
export function NewOptionIdFields({ productId }: { productId: string }) {
  return (
    <fieldset>
      <legend className="font-semibold">Option id</legend>
      <p className="text-sm text-muted">
        {`Made as op-${productId}_variant-count, b for boxes or pu for pouches, and fixed once added. The variant is usually the flavour's code (ba for Berries Acai); leave it empty for a bundle.`}
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        <Field id="new-option-variant" label="Variant" name="variant" maxLength={16} pattern="[a-z0-9]*" autoCapitalize="none" />
        <Field id="new-option-count" label="Count" name="count" type="number" required min={1} max={999} />
        <SelectField id="new-option-unit" label="Format" name="unit" options={UNIT_CHOICES} />
      </div>
    </fieldset>
  );
}
