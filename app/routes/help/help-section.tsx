import { data } from "react-router";
import { ContentArticle } from "../../components/content-article.tsx";
import { HelpLayout } from "../../components/help-layout.tsx";
import { requestContext } from "../../context.ts";
import { requestContentLibrary } from "../../lib/content/content-library.server.ts";
import { helpLinks } from "../../lib/content/help-links.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { requestPath } from "../../lib/request-path.ts";
import type { Route } from "./+types/help-section";

/** A help topic: content/help/{help_section_id}.md. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const library = await requestContentLibrary(context.get(requestContext));
  const section = library.helpSections.find((candidate) => candidate.id === params.helpSectionId);
  if (!section) throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
  return { section, ...helpLinks(library) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.section.title, args.loaderData?.section.description);

export default function HelpSection({ loaderData: { section, sections, productSections } }: Route.ComponentProps) {
  return (
    <HelpLayout title={section.title} description={section.description} sections={sections} productSections={productSections}>
      <ContentArticle html={section.html} />
    </HelpLayout>
  );
}
