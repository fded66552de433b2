import { data } from "react-router";
import { listProducts } from "../../domain/catalog/list-products.ts";
import { listSeriesCopy } from "../../domain/catalog/list-series-copy.ts";
import { seriesBySlug, seriesTitle } from "../../domain/catalog/series.ts";
import { PageHeading } from "../components/page-heading.tsx";
import { ProductGrid } from "../components/product-grid.tsx";
import { requestContext } from "../context.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { requestPath } from "../lib/request-path.ts";
import type { Route } from "./+types/shop-series";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const series = seriesBySlug(params.series);
  if (!series) throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
  const { operations } = context.get(requestContext);
  const [products, copy] = await Promise.all([
    listProducts(operations, { seriesCode: series.code }),
    listSeriesCopy(operations, {}),
  ]);
  return { title: seriesTitle(series), copy: copy.get(series.code), products };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.title, args.loaderData?.copy?.tagline);

export default function ShopSeries({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading eyebrow={loaderData.copy?.tagline ?? "Product line"} title={loaderData.title}>
        {loaderData.copy?.description}
      </PageHeading>
      <section aria-label={`${loaderData.title} products`} className="mx-auto max-w-6xl px-4">
        <ProductGrid products={loaderData.products} />
      </section>
    </>
  );
}
