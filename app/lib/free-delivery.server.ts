import { type BagForGap, type FreeDeliveryProgress, freeDeliveryProgress } from "../../domain/bag/free-delivery.ts";
import { listProducts, MAX_PRODUCTS_PER_REQUEST } from "../../domain/catalog/list-products.ts";
import type { OperationContext } from "../../domain/shared/context.ts";

/** The bag's progress to free delivery, its offer drawn from the products of the series the bag holds. */
export async function bagFreeDelivery(operations: OperationContext, bag: BagForGap): Promise<FreeDeliveryProgress | null> {
  const seriesCodes = [...new Set(bag.lines.map((line) => line.product.series.code))];
  const slices = await Promise.all(
    seriesCodes.map((seriesCode) => listProducts(operations, { seriesCode, first: MAX_PRODUCTS_PER_REQUEST })),
  );
  return freeDeliveryProgress(
    bag,
    slices.flatMap((slice) => slice.products),
  );
}
