import type { Product, PurchaseOption } from "../../domain/catalog/types.ts";
import type { ProductReviews } from "../../domain/reviews/product-reviews.ts";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The product page's schema.org Product: its offers, and its rating and reviews once it has some. */
export function productStructuredData(
  product: Pick<Product, "name" | "summary" | "id"> & {
    options: readonly Pick<PurchaseOption, "optionPriceCents" | "soldOut">[];
  },
  page: { url: string; brandName: string },
  reviews: ProductReviews,
) {
  const prices = product.options.map((option) => option.optionPriceCents);
  const { summary } = reviews;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.summary,
    sku: product.id,
    url: page.url,
    brand: { "@type": "Brand", name: page.brandName },
    offers: {
      "@type": "AggregateOffer",
      priceCurrency: "SGD",
      lowPrice: dollars(Math.min(...prices)),
      highPrice: dollars(Math.max(...prices)),
      offerCount: prices.length,
      availability: product.options.every((option) => option.soldOut)
        ? "https://schema.org/OutOfStock"
        : "https://schema.org/InStock",
    },
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
