import { largestPhotoPath, type PhotoRef } from "../../domain/catalog/photos/photo-variants.ts";
import type { Product, PurchaseOption } from "../../domain/catalog/types.ts";
import type { ProductReviews } from "../../domain/reviews/product-reviews.ts";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The product page's schema.org Product, as search engines read it for a product's rich result: its
 * photos, an Offer for each option with its price and whether it is in stock, and its rating and the
 * reviews shown once it has some.
 */
export function productStructuredData(
  product: Pick<Product, "name" | "summary" | "id"> & {
    images: readonly PhotoRef[];
    options: readonly Pick<PurchaseOption, "optionId" | "optionName" | "flavourName" | "optionPriceCents" | "soldOut">[];
  },
  page: { url: string; brandName: string },
  reviews: ProductReviews,
) {
  const { summary } = reviews;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.summary,
    sku: product.id,
    url: page.url,
    ...(product.images.length > 0
      ? { image: product.images.map((photo) => new URL(largestPhotoPath(photo), page.url).href) }
      : {}),
    brand: { "@type": "Brand", name: page.brandName },
    offers: product.options.map((option) => ({
      "@type": "Offer",
      name: option.flavourName ? `${option.optionName}, ${option.flavourName}` : option.optionName,
      sku: option.optionId,
      price: dollars(option.optionPriceCents),
      priceCurrency: "SGD",
      availability: option.soldOut ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
      url: page.url,
    })),
    ...(summary.average === null
      ? {}
      : {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: summary.average,
            reviewCount: summary.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviews.reviews.map((review) => ({
            "@type": "Review",
            name: review.title,
            reviewBody: review.body,
            datePublished: review.createdAt.toISOString().slice(0, 10),
            author: { "@type": "Person", name: review.authorName },
            reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }),
  };
}

/** JSON for an inline data block: `<` escaped so no text in it can close the script element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}
