import type { Product } from "../../domain/catalog/types.ts";
import type { Pack } from "../components/pack-illustration.tsx";
import { defaultOption, leadFlavour } from "./product-display.ts";

/**
 * The pack drawn for a product that has no photo: its line's pack of its kind in a flavour; for a
 * bundle, the boxes its main offer holds, the most numerous flavours first.
 */
export function packOf(product: Product, flavourName: string | null = leadFlavour(product)): Pack {
  const pack = { seriesCode: product.series.code, flavourName, kind: product.kind };
  if (product.kind !== "bundle") return pack;
  const main = product.options.find((option) => !option.isUpsellOption) ?? defaultOption(product.options);
  const skus = [...(main?.skus ?? [])].sort((a, b) => b.qty - a.qty);
  return {
    ...pack,
    flavourName: null,
    bundle: {
      flavours: [...new Set(skus.map((sku) => sku.flavourName))],
      boxes: skus.reduce((total, sku) => total + sku.qty, 0),
    },
  };
}
