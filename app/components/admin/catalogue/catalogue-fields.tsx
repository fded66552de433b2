import { Field, SelectField, TextAreaField } from "../admin-form.tsx";

export type SeriesChoice = { value: string; label: string };

const KIND_CHOICES = [
  { value: "box", label: "Box" },
  { value: "shots", label: "Shots" },
  { value: "pouch", label: "Pouch" },
  { value: "bundle", label: "Bundle of several flavours" },
];

/** A labelled tick box; ticked it is sent, left empty it is not. */
export function Tick({ id, name, label, checked }: { id: string; name: string; label: string; checked: boolean }) {
  return (
    <label htmlFor={id} className="flex min-h-11 items-center gap-2 font-semibold">
      <input id={id} type="checkbox" name={name} defaultChecked={checked} className="size-5" />
      {label}
    </label>
  );
}

export type ProductValues = {
  name: string;
  summary: string;
  description: string;
  seriesCode: string;
  kind: string;
  active: boolean;
};

/** The fields a product's create and edit forms share. */
export function ProductFields({ product, series }: { product?: ProductValues; series: readonly SeriesChoice[] }) {
  return (
    <>
      <Field id="product-name" label="Name" name="name" required maxLength={120} defaultValue={product?.name} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField id="product-series" label="Series" name="seriesCode" options={series} defaultValue={product?.seriesCode} />
        <SelectField id="product-kind" label="Kind" name="kind" options={KIND_CHOICES} defaultValue={product?.kind} />
      </div>
      <Field id="product-summary" label="Summary" name="summary" required maxLength={300} defaultValue={product?.summary} />
      <TextAreaField
        id="product-description"
        label="Description"
        name="description"
        required
        maxLength={4000}
        defaultValue={product?.description}
      />
      <Tick id="product-active" name="active" label="On sale" checked={product?.active ?? false} />
    </>
  );
}
