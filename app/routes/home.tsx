import { Link } from "react-router";
import { listProducts } from "../../domain/catalog/list-products.ts";
import { SERIES } from "../../domain/catalog/series.ts";
import { formatMoney } from "../../domain/shared/money.ts";
import { PackIllustration } from "../components/pack-illustration.tsx";
import { ProductCard } from "../components/product-card.tsx";
import { requestContext } from "../context.ts";
import { HOME_TITLE } from "../lib/page-title.ts";
import { lowestPriceCents } from "../lib/product-display.ts";
import { SERIES_LINKS } from "../lib/series-nav.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const products = await listProducts(context.get(requestContext).operations, {});
  return {
    bundles: products.filter((product) => product.kind === "bundle").slice(0, 3),
    seriesLeads: SERIES.map((series) =>
      products.find((product) => product.series.code === series.code && product.kind !== "bundle"),
    ),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-50 via-white to-amber-50">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-2 md:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Made for Singapore's busy days</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{HOME_TITLE}</h1>
            <p className="mt-5 max-w-prose text-lg text-muted">
              Collagen for your skin, vitamins for your energy, a coffee jelly for your cravings and a nectar that supports your
              metabolism. Tear, sip, done: nutrition that fits in your pocket and tastes like fruit.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/shop" className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
                Shop all drinks
              </Link>
              <Link
                to="/shop/sale"
                className="rounded-full border border-brand-700 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
              >
                See bundle savings
              </Link>
            </div>
          </div>
          <div className="grid grid-cols-2 gap-4" aria-hidden="true">
            {loaderData.seriesLeads.map(
              (product) =>
                product && (
                  <PackIllustration
                    key={product.id}
                    seriesCode={product.series.code}
                    flavourName={product.options[0]?.flavourName ?? null}
                    kind={product.kind}
                    title={product.name}
                    className="h-36 w-full sm:h-44"
                  />
                ),
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="series-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="series-heading" className="text-2xl font-bold tracking-tight">
          Four lines, one daily habit
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SERIES_LINKS.map((link, index) => {
            const lead = loaderData.seriesLeads[index];
            return (
              <li key={link.code}>
                <Link
                  to={link.href}
                  className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:shadow-md"
                >
                  <span className="text-lg font-bold text-brand-900">{link.title}</span>
                  <span className="mt-2 flex-1 text-sm text-muted">{lead?.summary}</span>
                  {lead && <span className="mt-4 text-sm font-semibold">from {formatMoney(lowestPriceCents(lead))}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="bundles-heading" className="mx-auto max-w-6xl px-4 py-4">
        <div className="flex items-end justify-between gap-4">
          <h2 id="bundles-heading" className="text-2xl font-bold tracking-tight">
            Featured bundles
          </h2>
          <Link to="/shop/sale" className="font-semibold text-brand-700 hover:underline">
            All bundles
          </Link>
        </div>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.bundles.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      </section>
    </>
  );
}
