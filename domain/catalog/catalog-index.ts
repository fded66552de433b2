import { SERIES } from "../../kernel/series.ts";
import type { Product, PurchaseOption, SeriesCopy } from "./types.ts";

export type ProductKind = Product["kind"];
export const PRODUCT_KINDS = ["box", "shots", "pouch", "bundle"] as const satisfies readonly ProductKind[];

export type ListingFilter = {
  seriesCode?: string | null;
  /** Any of these kinds; all kinds when absent. */
  kinds?: readonly ProductKind[] | null;
  includeInactive?: boolean | null;
};

export type OptionEntry = { product: Product; option: PurchaseOption };

/**
 * The catalogue of one revision with its lookups: products and options by id, and each listing
 * (series, kinds, active or all) worked out once and then shared by every request of that revision,
 * so what a request does never grows with the number of products.
 */
export type CatalogIndex = {
  /** Every product with every option, switched on or off. */
  readonly products: Product[];
  /**
   * A product by id. Unless inactive ones are asked for, only a product on sale, with only its
   * switched-on options.
   */
  product(productId: string, filter?: Pick<ListingFilter, "includeInactive">): Product | undefined;
  option(optionId: string): OptionEntry | undefined;
  /**
   * The matching products in catalogue order, as product() gives them; an unknown series code
   * matches nothing.
   */
  listing(filter: ListingFilter): readonly Product[];
  /** Each product line's copy by series code (the series table raises the revision too). */
  readonly seriesCopy: ReadonlyMap<string, SeriesCopy>;
  /**
   * A value read or worked out from what this revision covers, made once for every request of the
   * revision (a failed one is not kept). Only for what every change raises the revision for.
   */
  kept<T>(key: string, make: () => Promise<T>): Promise<T>;
};

/**
 * A product as shoppers see it: only its switched-on options; not on sale at all when it is inactive
 * or every option it has is switched off.
 */
function onSale(product: Product): Product | null {
  if (!product.active) return null;
  if (product.options.every((option) => option.active)) return product;
  const options = product.options.filter((option) => option.active);
  return options.length === 0 ? null : { ...product, options };
}

export function indexCatalog(products: Product[], seriesCopy: ReadonlyMap<string, SeriesCopy>): CatalogIndex {
  const byId = new Map(products.map((product) => [product.id, product]));
  const shopProducts = products.map(onSale).filter((product) => product !== null);
  const shopById = new Map(shopProducts.map((product) => [product.id, product]));
  const byOption = new Map<string, OptionEntry>();
  for (const product of products) {
    for (const option of product.options) byOption.set(option.optionId, { product, option });
  }
  // Keys come from the four series, the kinds and a flag, so there are at most a few hundred.
  const listings = new Map<string, readonly Product[]>();
  const keptValues = new Map<string, Promise<unknown>>();
  return {
    products,
    seriesCopy,
    kept<T>(key: string, make: () => Promise<T>): Promise<T> {
      const known = keptValues.get(key) as Promise<T> | undefined;
      if (known) return known;
      const making = make();
      keptValues.set(key, making);
      making.catch(() => keptValues.delete(key));
      return making;
    },
    product: (productId, filter = {}) => (filter.includeInactive === true ? byId : shopById).get(productId),
    option: (optionId) => byOption.get(optionId),
    listing(filter) {
      const seriesCode = filter.seriesCode ?? null;
      if (seriesCode !== null && !SERIES.some((series) => series.code === seriesCode)) return [];
      const kinds: ProductKind[] = PRODUCT_KINDS.filter((kind) => !filter.kinds || filter.kinds.includes(kind));
      const key = `${seriesCode ?? "*"}|${kinds.join(",")}|${filter.includeInactive === true}`;
      let listing = listings.get(key);
      if (!listing) {
        listing = (filter.includeInactive === true ? products : shopProducts).filter(
          (product) => (seriesCode === null || product.series.code === seriesCode) && kinds.includes(product.kind),
        );
        listings.set(key, listing);
      }
      return listing;
    },
  };
}
