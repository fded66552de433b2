import { data } from "react-router";
import { ContentLayout } from "../../components/content-layout.tsx";
import { requestContext } from "../../context.ts";
import { requestContentLibrary } from "../../lib/content/content-library.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { requestPath } from "../../lib/request-path.ts";
import type { Route } from "./+types/content-page";

/** About us, sustainability, the privacy policy and the terms: each a Markdown file in content/pages/. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = requestPath(request);
  const page = (await requestContentLibrary(context.get(requestContext))).pages.get(path.replace(/^\/|\/$/g, ""));
  if (!page) throw data(`Page not found: ${path}`, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.page.title, args.loaderData?.page.description);

export default function ContentPage({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentLayout {...page} />;
}
