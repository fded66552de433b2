import type { MetaDescriptor } from "react-router";
import { documentTitle, titleFromPath } from "./page-title.ts";
import type { RootData } from "./root-data.ts";

export const DEFAULT_DESCRIPTION =
  "Drinkable nutrition from Singapore: collagen, vitamin and calorie-burning nectars, delivered.";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

const rootDataOf = (matches: ReadonlyArray<MatchLike>) =>
  matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;

export function brandNameOf(matches: ReadonlyArray<MatchLike>): string {
  return rootDataOf(matches)?.brandName ?? "Nectar Lab";
}

/** A path of the shop as the absolute address crawlers need (canonical links), at the site's origin. */
export function absoluteHref(matches: ReadonlyArray<MatchLike>, path: string): string {
  const origin = rootDataOf(matches)?.siteOrigin;
  return origin ? new URL(path, origin).href : path;
}

/** The title and description tags of a page: its own title, else the last path segment, then the brand. */
export function pageMeta(
  args: { matches: ReadonlyArray<MatchLike>; location: { pathname: string } },
  title?: string,
  description?: string,
): MetaDescriptor[] {
  return [
    { title: documentTitle(title || titleFromPath(args.location.pathname), brandNameOf(args.matches)) },
    { name: "description", content: description ?? DEFAULT_DESCRIPTION },
  ];
}
