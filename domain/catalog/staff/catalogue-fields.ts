import { z } from "zod";
import { SERIES, type SeriesCode } from "../../../kernel/series.ts";
import { count } from "../../shared/input.ts";
import { isWellFormedProductId } from "../product-url.ts";

const SERIES_CODES = SERIES.map((series) => series.code) as [SeriesCode, ...SeriesCode[]];

/** The most any catalogue price may be, in cents: far above any box or bundle the shop sells. */
export const MAX_PRICE_CENTS = 1_000_000;

/** A product id as its address and its options' ids carry it: lower-case letters and digits. */
export const productIdField = () =>
  z
    .string({ error: "Product id is required." })
    .trim()
    .refine(isWellFormedProductId, { error: "Product id must be 1 to 32 lower-case letters or digits." });

/** A SKU id: lower-case letters and digits, as the warehouse and the option lines name it. */
export const skuIdField = () =>
  z
    .string({ error: "SKU id is required." })
    .trim()
    .regex(/^[a-z0-9]{2,24}$/, { error: "SKU id must be 2 to 24 lower-case letters or digits." });

export const seriesField = () => z.enum(SERIES_CODES, { error: "Choose one of the series." });

/** A price in cents: a whole number above 0 (a form's dollars are turned into cents by its page). */
export const priceField = (what: string) => count(1, MAX_PRICE_CENTS, `${what} must be an amount in S$ above 0.`);

/** An option's SKU lines: at least one, each SKU once, each with a quantity. */
export const skuLinesField = () =>
  z
    .array(z.object({ skuId: skuIdField(), qty: count(1, 999, "Each SKU line needs a quantity from 1 to 999.") }), {
      error: "Add at least one SKU line.",
    })
    .min(1, { error: "Add at least one SKU line." })
    .max(40, { error: "An option holds at most 40 SKU lines." })
    .refine((lines) => new Set(lines.map((line) => line.skuId)).size === lines.length, {
      error: "Each SKU may appear on only one line.",
    });
