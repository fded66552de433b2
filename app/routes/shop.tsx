import { Link } from "react-router";
import { listProducts } from "../../domain/catalog/list-products.ts";
import { SERIES, seriesSlug, seriesTitle } from "../../kernel/series.ts";
import { PageHeading } from "../components/page-heading.tsx";
import { ProductGrid } from "../components/product-grid.tsx";
import { requestContext } from "../context.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { productCards } from "../lib/product-cards.server.ts";
import type { Route } from "./+types/shop";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Shop");

/** Products shown per line here (one row on a wide screen); each line's own page lists them all. */
const PRODUCTS_PER_LINE = 3;
const SINGLES = ["box", "shots", "pouch"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const { operations } = context.get(requestContext);
  const [groups, bundles] = await Promise.all([
    Promise.all(
      SERIES.map(async (series) => {
        const { products, totalCount } = await listProducts(operations, {
          seriesCode: series.code,
          kinds: [...SINGLES],
          first: PRODUCTS_PER_LINE,
        });
        return {
          title: seriesTitle(series),
          href: `/shop/${seriesSlug(series)}`,
          cards: await productCards(operations, products),
          totalCount,
        };
      }),
    ),
    listProducts(operations, { kinds: ["bundle"], first: 0 }),
  ]);
  return { groups, bundleCount: bundles.totalCount };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading eyebrow="Shop" title="All drinks">
        Every line we make, in every size we sell. Looking for the best price per serving?{" "}
        <Link to="/shop/sale" className="font-semibold text-brand-700 underline">
          See our {loaderData.bundleCount} bundles
        </Link>
        .
      </PageHeading>
      {loaderData.groups.map((group, index) => (
        <section key={group.href} aria-label={group.title} className="mx-auto max-w-6xl px-4 py-6">
          <div className="mb-4 flex items-end justify-between">
            <h2 className="text-2xl font-bold tracking-tight">{group.title}</h2>
            <Link to={group.href} className="font-semibold text-brand-700 hover:underline">
              {group.totalCount > group.cards.length ? `View all ${group.totalCount} ${group.title}` : `View ${group.title}`}
            </Link>
          </div>
          <ProductGrid cards={group.cards} first={index === 0} />
        </section>
      ))}
    </>
  );
}
