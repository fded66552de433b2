import { data } from "react-router";
import { listProducts } from "../../domain/catalog/list-products.ts";
import { listSeriesCopy } from "../../domain/catalog/list-series-copy.ts";
import { seriesBySlug, seriesTitle } from "../../kernel/series.ts";
import { PageHeading } from "../components/page-heading.tsx";
import { Pager } from "../components/pager.tsx";
import { ProductGrid } from "../components/product-grid.tsx";
import { requestContext } from "../context.ts";
import { canonicalLink, pageTitle } from "../lib/listing-links.ts";
import { listingPage } from "../lib/listing-page.server.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { productCards } from "../lib/product-cards.server.ts";
import { requestPath } from "../lib/request-path.ts";
import type { Route } from "./+types/shop-series";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const series = seriesBySlug(params.series);
  if (!series) throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
  const { operations } = context.get(requestContext);
  const [page, copy] = await Promise.all([
    listingPage(request, (offset, limit) => listProducts(operations, { seriesCode: series.code, offset, first: limit })),
    listSeriesCopy(operations, {}),
  ]);
  const seriesCopy = copy.get(series.code);
  return {
    title: seriesTitle(series),
    tagline: seriesCopy?.tagline,
    description: seriesCopy?.description,
    cards: await productCards(operations, page.products),
    links: page.links,
  };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, pageTitle(args.loaderData?.title, args.loaderData?.links), args.loaderData?.tagline),
  ...canonicalLink(args.matches, args.loaderData?.links),
];

export default function ShopSeries({ loaderData }: Route.ComponentProps) {
  const { title, cards, links } = loaderData;
  return (
    <>
      <PageHeading eyebrow={loaderData.tagline ?? "Product line"} title={title}>
        {loaderData.description}
      </PageHeading>
      <section aria-labelledby="products-heading" className="mx-auto max-w-6xl px-4">
        <h2 id="products-heading" className="sr-only">
          {title} products
        </h2>
        <ProductGrid cards={cards} />
      </section>
      <Pager links={links} label={`${title} pages`} />
    </>
  );
}
