import { Link } from "react-router";
import type { PhotoRef } from "../../domain/catalog/photos/photo-variants.ts";
import type { Product } from "../../domain/catalog/types.ts";
import type { RatingSummary } from "../../domain/reviews/product-ratings.ts";
import { formatMoney } from "../../kernel/money.ts";
import { seriesTitle } from "../../kernel/series.ts";
import { flavoursOf, lowestPriceCents } from "../lib/product-display.ts";
import { ProductPhoto } from "./product-photo.tsx";
import { RatingLine } from "./reviews/stars.tsx";

/** What a card shows of a product, and nothing more: listings send this, not the options and SKUs. */
export type ProductCardData = {
  id: string;
  name: string;
  path: string;
  seriesTitle: string;
  summary: string;
  /** Its first picture (productPictures). */
  photo: PhotoRef | null;
  flavourCount: number;
  fromPriceCents: number;
  bestSavingCents: number;
  /** Every option is sold out. */
  soldOut: boolean;
  /** Its approved reviews' mean and count; null before its first. */
  rating: { average: number; count: number } | null;
};

/** What a listing shows of a product's rating: nothing before its first review. */
export const ratingShown = ({ average, count }: RatingSummary) => (average === null ? null : { average, count });

export function toProductCard(product: Product, rating: RatingSummary): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    path: product.path,
    seriesTitle: seriesTitle(product.series),
    summary: product.summary,
    photo: product.images[0] ?? null,
    flavourCount: flavoursOf(product).length,
    fromPriceCents: lowestPriceCents(product),
    bestSavingCents: Math.max(0, ...product.options.map((option) => option.savingCents)),
    soldOut: product.options.length > 0 && product.options.every((option) => option.soldOut),
    rating: ratingShown(rating),
  };
}

/** A product in a listing, with its first picture. */
export function ProductCard({ card, fetching }: { card: ProductCardData; fetching?: "first" | "eager" | "lazy" }) {
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative bg-slate-50 p-4">
        {card.photo && (
          <ProductPhoto
            photo={card.photo}
            sizes="176px"
            fetching={fetching}
            className="mx-auto h-44 w-44 rounded-xl object-cover"
          />
        )}
        {card.soldOut && (
          <span className="absolute right-3 top-3 rounded-full bg-slate-800 px-2.5 py-1 text-xs font-bold text-white">
            Sold out
          </span>
        )}
        {card.bestSavingCents > 0 && (
          <span className="absolute left-3 top-3 rounded-full bg-sale px-2.5 py-1 text-xs font-bold text-white">
            Save up to {formatMoney(card.bestSavingCents)}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">{card.seriesTitle}</p>
        <h3 className="mt-1 text-base font-semibold leading-snug">
          <Link to={card.path} className="after:absolute after:inset-0">
            {card.name}
          </Link>
        </h3>
        <p className="mt-1 flex-1 text-sm text-muted">{card.summary}</p>
        {card.rating && (
          <p className="mt-3 text-sm text-muted">
            <RatingLine {...card.rating} />
          </p>
        )}
        <p className="mt-3 text-sm text-muted">
          {card.flavourCount > 1 ? `${card.flavourCount} flavours · ` : ""}
          <span className="font-semibold text-ink">from {formatMoney(card.fromPriceCents)}</span>
        </p>
      </div>
    </article>
  );
}
