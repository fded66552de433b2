import { formText } from "./action-result.server.ts";
import { centsFromDollars } from "./money-input.ts";

/** The names the catalogue's forms give their fields, for messages about them. */
export const CATALOGUE_FIELD_LABELS: Record<string, string> = {
  productId: "Product id",
  name: "Name",
  summary: "Summary",
  description: "Description",
  seriesCode: "Series",
  kind: "Kind",
  optionName: "Option name",
  flavourName: "Flavour",
  variant: "Variant",
  count: "Count",
  unit: "Format",
  skuId: "SKU id",
  format: "Format",
  openingStock: "Opening stock",
};

/**
 * What an option form holds beyond its plain fields: its price, typed in dollars, as cents, and its
 * SKU lines, one per row that names a SKU (rows left on "no SKU" are spare rows, not lines).
 */
export function optionFormValues(form: FormData) {
  const quantities = form.getAll("lineQty");
  const skus = form.getAll("lineSku").flatMap((skuId, row) => {
    const qty = quantities[row];
    return typeof skuId === "string" && skuId !== "" ? [{ skuId, qty: typeof qty === "string" ? qty : "" }] : [];
  });
  return { optionPriceCents: centsFromDollars(formText(form, "optionPriceCents")), skus };
}

/** A flavour form's retail price, typed in dollars, as cents. */
export const flavourFormValues = (form: FormData) => ({
  retailPriceCents: centsFromDollars(formText(form, "retailPriceCents")),
});
