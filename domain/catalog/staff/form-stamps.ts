import type { skus } from "../../../db/schema/catalog.ts";
import { editStamp } from "../../shared/edit-stamp.ts";
import type { Product, PurchaseOption } from "../types.ts";
import { optionSnapshot } from "./option-lines.ts";
import { editableFlavour } from "./save-flavour.ts";
import { editableProduct } from "./save-product.ts";

/** The edit stamps the back office's forms carry, worked out from what the forms show. */
export const productStamp = (product: Product) => editStamp(editableProduct({ ...product, seriesCode: product.series.code }));
export const optionStamp = (option: PurchaseOption) => editStamp(optionSnapshot(option, option.skus));
export const flavourStamp = (sku: typeof skus.$inferSelect) => editStamp(editableFlavour(sku));
