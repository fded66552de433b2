import { Link } from "react-router";
import type { Product } from "../../domain/catalog/types.ts";
import { formatMoney } from "../../kernel/money.ts";
import { seriesTitle } from "../../kernel/series.ts";
import { flavoursOf, leadFlavour, lowestPriceCents } from "../lib/product-display.ts";
import { type Pack, PackFigure } from "./pack-illustration.tsx";

/** What a card shows of a product, and nothing more: listings send this, not the options and SKUs. */
export type ProductCardData = {
  id: string;
  name: string;
  path: string;
  seriesTitle: string;
  summary: string;
  pack: Pack;
  flavourCount: number;
  fromPriceCents: number;
  bestSavingCents: number;
  /** Every option is sold out. */
  soldOut: boolean;
};

export function toProductCard(product: Product): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    path: product.path,
    seriesTitle: seriesTitle(product.series),
    summary: product.summary,
    pack: { seriesCode: product.series.code, flavourName: leadFlavour(product), kind: product.kind },
    flavourCount: flavoursOf(product).length,
    fromPriceCents: lowestPriceCents(product),
    bestSavingCents: Math.max(0, ...product.options.map((option) => option.savingCents)),
    soldOut: product.options.length > 0 && product.options.every((option) => option.soldOut),
  };
}

/** A product in a listing; its picture comes from the page's PackSprite. */
export function ProductCard({ card }: { card: ProductCardData }) {
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative bg-slate-50 p-4">
        <PackFigure {...card.pack} title={card.name} className="mx-auto h-44 w-44" />
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
        <p className="mt-3 text-sm text-muted">
          {card.flavourCount > 1 ? `${card.flavourCount} flavours · ` : ""}
          <span className="font-semibold text-ink">from {formatMoney(card.fromPriceCents)}</span>
        </p>
      </div>
    </article>
  );
}
