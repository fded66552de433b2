import { Link } from "react-router";
import { listProducts } from "../../domain/catalog/list-products.ts";
import { SERIES, seriesSlug, seriesTitle } from "../../domain/catalog/series.ts";
import { PageHeading } from "../components/page-heading.tsx";
import { ProductGrid } from "../components/product-grid.tsx";
import { requestContext } from "../context.ts";
import { pageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/shop";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Shop");

export async function loader({ context }: Route.LoaderArgs) {
  const products = await listProducts(context.get(requestContext).operations, {});
  return {
    groups: SERIES.map((series) => ({
      title: seriesTitle(series),
      href: `/shop/${seriesSlug(series)}`,
      products: products.filter((product) => product.series.code === series.code && product.kind !== "bundle"),
    })),
    bundleCount: products.filter((product) => product.kind === "bundle").length,
  };
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
      {loaderData.groups.map((group) => (
        <section key={group.href} aria-label={group.title} className="mx-auto max-w-6xl px-4 py-6">
          <div className="mb-4 flex items-end justify-between">
            <h2 className="text-2xl font-bold tracking-tight">{group.title}</h2>
            <Link to={group.href} className="font-semibold text-brand-700 hover:underline">
              View {group.title}
            </Link>
          </div>
          <ProductGrid products={group.products} />
        </section>
      ))}
    </>
  );
}
