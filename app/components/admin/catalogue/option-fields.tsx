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

/** The one list of SKUs every line's field offers (SkuList); one per page, however many option forms it holds. */
const SKU_LIST = "sku-choices";

/** Rows beyond an option's lines, for lines to add. */
const SPARE_ROWS = 3;
const INPUT = "mt-1 w-full rounded-lg border border-slate-400 px-3 py-2";

/** An option's SKU lines: one row per line, and a few spare rows to add more. */
function SkuLines({ idPrefix, lines }: { idPrefix: string; lines: OptionValues["skus"] }) {
  const rows = [...lines, ...Array.from({ length: SPARE_ROWS }, () => ({ skuId: "", qty: 1 }))];
  return (
    <fieldset className="sm:col-span-2">
      <legend className="font-semibold">SKU lines</legend>
      <p className="text-sm text-muted">
        What one purchase of the option sends out. Type or pick a SKU id; leave a row empty to leave it out.
      </p>
      <ol className="mt-1 space-y-2">
        {rows.map((line, row) => (
          // Rows have no identity but their place: a row is its position in the form.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={row} className="grid grid-cols-[1fr_6rem] gap-2">
            <div>
              <label htmlFor={`${idPrefix}-sku-${row}`} className="text-sm">{`SKU, line ${row + 1}`}</label>
              <input
                id={`${idPrefix}-sku-${row}`}
                name="lineSku"
                list={SKU_LIST}
                defaultValue={line.skuId}
                autoCapitalize="none"
                className={INPUT}
              />
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
                className={INPUT}
              />
            </div>
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

/** The SKUs the lines' fields offer, by series; put once on a page of option forms. */
export function SkuList({ choices }: { choices: SkuChoices }) {
  return (
    <datalist id={SKU_LIST}>
      {choices.flatMap((group) =>
        group.skus.map((sku) => (
          <option key={sku.skuId} value={sku.skuId}>
            {`${group.series}: ${sku.label}`}
          </option>
        )),
      )}
    </datalist>
  );
}

/** The fields an option's create and edit forms share. */
export function OptionFields({
  idPrefix,
  option,
  flavours,
}: {
  idPrefix: string;
  option?: OptionValues;
  flavours: readonly string[];
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
      <SkuLines idPrefix={idPrefix} lines={option?.skus ?? []} />
    </div>
  );
}
