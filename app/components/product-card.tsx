import { Link } from "react-router";
import type { Product } from "../../domain/catalog/types.ts";
import { formatMoney } from "../../domain/shared/money.ts";
import { flavoursOf, leadFlavour, lowestPriceCents, savingCents } from "../lib/product-display.ts";
import { PackIllustration } from "./pack-illustration.tsx";

export function ProductCard({ product }: { product: Product }) {
  const flavours = flavoursOf(product);
  const bestSaving = Math.max(...product.options.map(savingCents));
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative bg-slate-50 p-4">
        <PackIllustration
          seriesCode={product.series.code}
          flavourName={leadFlavour(product)}
          kind={product.kind}
          title={product.name}
          className="mx-auto h-44 w-44"
        />
        {bestSaving > 0 && (
          <span className="absolute left-3 top-3 rounded-full bg-sale px-2.5 py-1 text-xs font-bold text-white">
            Save up to {formatMoney(bestSaving)}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">
          {product.series.function ? `${product.series.name} ${product.series.function}` : product.series.name}
        </p>
        <h3 className="mt-1 text-base font-semibold leading-snug">
          <Link to={product.path} className="after:absolute after:inset-0">
            {product.name}
          </Link>
        </h3>
        <p className="mt-1 flex-1 text-sm text-muted">{product.summary}</p>
        <p className="mt-3 text-sm text-muted">
          {flavours.length > 1 ? `${flavours.length} flavours · ` : ""}
          <span className="font-semibold text-ink">from {formatMoney(lowestPriceCents(product))}</span>
        </p>
      </div>
    </article>
  );
}
