import { z } from "zod";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { PRODUCT_KINDS } from "./catalog-index.ts";
import type { Product } from "./types.ts";

/** The most products one request can ask for: what a request costs stays the same however big the catalogue grows. */
export const MAX_PRODUCTS_PER_REQUEST = 100;
/** How many products come back when the caller does not say: today's whole catalogue fits. */
export const PRODUCTS_BY_DEFAULT = 20;
/** Products on one page of a listing. */
export const PRODUCTS_PER_PAGE = 12;

export const ListProductsInput = z.object({
  /** A series code (m, v, j, l); an unknown one lists nothing. */
  seriesCode: z.string().max(20).nullish(),
  kinds: z.array(z.enum(PRODUCT_KINDS)).max(PRODUCT_KINDS.length).nullish(),
  includeInactive: z.boolean().nullish(),
  /** How many to return (0 only counts them). */
  first: z
    .number()
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(MAX_PRODUCTS_PER_REQUEST, `must be at most ${MAX_PRODUCTS_PER_REQUEST}`)
    .nullish()
    .transform((first) => first ?? PRODUCTS_BY_DEFAULT),
  /** How many matching products to skip. */
  offset: z
    .number()
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(1_000_000, "must be at most 1000000")
    .nullish()
    .transform((offset) => offset ?? 0),
});

export type ProductSlice = { products: readonly Product[]; totalCount: number };

const declared = { access: anyone, input: ListProductsInput };

/**
 * listProducts: a slice of the catalogue in its order, active products only unless asked, and how
 * many match in all; open to everyone. It reads a listing worked out once per catalogue revision.
 */
export const listProducts = defineOperation(declared, async function listProducts(ctx, input): Promise<ProductSlice> {
  const listing = (await ctx.catalog.index()).listing(input);
  return { products: listing.slice(input.offset, input.offset + input.first), totalCount: listing.length };
});
