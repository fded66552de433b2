import type { Product } from "../../domain/catalog/types.ts";
import { listProductRatings, NO_REVIEWS } from "../../domain/reviews/product-ratings.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { type ProductCardData, toProductCard } from "../components/product-card.tsx";

/** A listing's cards, with the ratings of all its products read at once. */
export async function productCards(operations: OperationContext, products: readonly Product[]): Promise<ProductCardData[]> {
  const ratings = await listProductRatings(operations, { productIds: products.map((product) => product.id) });
  return products.map((product) => toProductCard(product, ratings.get(product.id) ?? NO_REVIEWS));
}
