import { data, Link } from "react-router";
import { listProducts } from "../../../domain/catalog/list-products.ts";
import { seriesBySlug, seriesTitle } from "../../../kernel/series.ts";
import { ContentArticle } from "../../components/content-article.tsx";
import { HelpLayout } from "../../components/help-layout.tsx";
import { requestContext } from "../../context.ts";
import { requestContentLibrary } from "../../lib/content/content-library.server.ts";
import { helpLinks } from "../../lib/content/help-links.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { flavoursOf } from "../../lib/product-display.ts";
import { requestPath } from "../../lib/request-path.ts";
import type { Route } from "./+types/help-product";

/** A product line's help: content/help/product/{series slug}.md. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { operations } = context.get(requestContext);
  const library = await requestContentLibrary(context.get(requestContext));
  const section = library.productHelp.find((candidate) => candidate.id === params.helpProductSectionId);
  const series = seriesBySlug(params.helpProductSectionId);
  if (!section || !series) throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
  // The flavours on sale come from the catalogue, so the help never lists one the shop doesn't sell.
  const { products } = await listProducts(operations, { seriesCode: series.code, kinds: ["box", "shots"] });
  const flavours = [...new Set(products.flatMap(flavoursOf))];
  return { section, flavours, shop: { title: seriesTitle(series), path: `/shop/${section.id}` }, ...helpLinks(library) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData && `${args.loaderData.section.title} help`, args.loaderData?.section.description);

export default function HelpProduct({
  loaderData: { section, flavours, shop, sections, productSections },
}: Route.ComponentProps) {
  return (
    <HelpLayout title={section.title} description={section.description} sections={sections} productSections={productSections}>
      <ContentArticle html={section.html} />
      {flavours.length > 0 && (
        <section aria-labelledby="flavours-heading" className="mt-10">
          <h2 id="flavours-heading" className="text-2xl font-bold text-brand-900">
            Flavours on sale
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {flavours.map((flavour) => (
              <li key={flavour} className="rounded-full bg-brand-50 px-4 py-2 font-medium text-brand-900">
                {flavour}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Link
        to={shop.path}
        className="mt-8 inline-block rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Shop {shop.title}
      </Link>
    </HelpLayout>
  );
}
