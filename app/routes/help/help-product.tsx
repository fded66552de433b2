import { data, Link } from "react-router";
import { seriesBySlug, seriesTitle } from "../../../domain/catalog/series.ts";
import { ContentArticle } from "../../components/content-article.tsx";
import { HelpLayout } from "../../components/help-layout.tsx";
import { requestContext } from "../../context.ts";
import { contentLibrary } from "../../lib/content/content-library.server.ts";
import { helpLinks } from "../../lib/content/help-links.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { requestPath } from "../../lib/request-path.ts";
import type { Route } from "./+types/help-product";

/** A product line's help: content/help/product/{series slug}.md. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const library = contentLibrary(context.get(requestContext).settings.brandName);
  const section = library.productHelp.find((candidate) => candidate.id === params.helpProductSectionId);
  const series = seriesBySlug(params.helpProductSectionId);
  if (!section || !series) throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
  return { section, shop: { title: seriesTitle(series), path: `/shop/${section.id}` }, ...helpLinks(library) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData && `${args.loaderData.section.title} help`, args.loaderData?.section.description);

export default function HelpProduct({ loaderData: { section, shop, sections, productSections } }: Route.ComponentProps) {
  return (
    <HelpLayout title={section.title} description={section.description} sections={sections} productSections={productSections}>
      <ContentArticle html={section.html} />
      <Link
        to={shop.path}
        className="mt-8 inline-block rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Shop {shop.title}
      </Link>
    </HelpLayout>
  );
}
