import type { MetaDescriptor } from "react-router";
import { documentTitle, titleFromPath } from "./page-title.ts";

export const DEFAULT_DESCRIPTION =
  "Drinkable nutrition from Singapore: collagen, vitamin and calorie-burning nectars, delivered.";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export function brandNameOf(matches: ReadonlyArray<MatchLike>): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { brandName?: string } | undefined;
  return root?.brandName ?? "Nectar Lab";
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
