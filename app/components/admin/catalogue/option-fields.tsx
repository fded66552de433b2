import { Field, SelectField } from "../admin-form.tsx";
import { Tick } from "./catalogue-fields.tsx";

/** The SKUs an option's lines may name, grouped by series. */
export type SkuChoices = { series: string; skus: { skuId: string; label: string }[] }[];

export type OptionValues = {
  optionName: string;
  price: string;
  flavourName: string;
  isUpsellOption: boolean;
  active: boolean;
  skus: { skuId: string; qty: number }[];
};

/** Rows beyond an option's lines, for lines to add. */
const SPARE_ROWS = 3;
const SELECT = "mt-1 w-full rounded-lg border border-slate-400 px-3 py-2";

/** An option's SKU lines: one row per line, and a few spare rows to add more. */
function SkuLines({ idPrefix, lines, choices }: { idPrefix: string; lines: OptionValues["skus"]; choices: SkuChoices }) {
  const rows = [...lines, ...Array.from({ length: SPARE_ROWS }, () => ({ skuId: "", qty: 1 }))];
  return (
    <fieldset className="sm:col-span-2">
      <legend className="font-semibold">SKU lines</legend>
      <p className="text-sm text-muted">What one purchase of the option sends out. Leave a row on “No SKU” to leave it out.</p>
      <ol className="mt-1 space-y-2">
        {rows.map((line, row) => (
          // Rows have no identity but their place: a row is its position in the form.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={row} className="grid grid-cols-[1fr_6rem] gap-2">
            <div>
              <label htmlFor={`${idPrefix}-sku-${row}`} className="text-sm">{`SKU, line ${row + 1}`}</label>
              <select id={`${idPrefix}-sku-${row}`} name="lineSku" defaultValue={line.skuId} className={SELECT}>
                <option value="">No SKU</option>
                {choices.map((group) => (
                  <optgroup key={group.series} label={group.series}>
                    {group.skus.map((sku) => (
                      <option key={sku.skuId} value={sku.skuId}>
                        {sku.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${idPrefix}-qty-${row}`} className="text-sm">
                Quantity
              </label>
              <input
                id={`${idPrefix}-qty-${row}`}
                name="lineQty"
                type="number"
                min={1}
                max={999}
                defaultValue={line.qty}
                className={SELECT}
              />
            </div>
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

/** The fields an option's create and edit forms share. */
export function OptionFields({
  idPrefix,
  option,
  flavours,
  skuChoices,
}: {
  idPrefix: string;
  option?: OptionValues;
  flavours: readonly string[];
  skuChoices: SkuChoices;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field
        id={`${idPrefix}-name`}
        label="Option name"
        name="optionName"
        required
        maxLength={80}
        defaultValue={option?.optionName}
      />
      <Field
        id={`${idPrefix}-price`}
        label="Price (S$)"
        name="optionPriceCents"
        required
        inputMode="decimal"
        defaultValue={option?.price}
      />
      <SelectField
        id={`${idPrefix}-flavour`}
        label="Flavour"
        name="flavourName"
        options={[
          { value: "", label: "None: a bundle of several flavours" },
          ...flavours.map((name) => ({ value: name, label: name })),
        ]}
        defaultValue={option?.flavourName ?? ""}
      />
      <div className="flex flex-wrap items-end gap-x-6">
        <Tick id={`${idPrefix}-active`} name="active" label="On sale" checked={option?.active ?? true} />
        <Tick
          id={`${idPrefix}-upsell`}
          name="isUpsellOption"
          label="Offered as an upsell"
          checked={option?.isUpsellOption ?? false}
        />
      </div>
      <SkuLines idPrefix={idPrefix} lines={option?.skus ?? []} choices={skuChoices} />
    </div>
  );
}
