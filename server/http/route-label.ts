import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import type { ServerBuild } from "react-router";

/** The label of every address no route answers (404s), so no raw path ever becomes a label. */
export const UNMATCHED_ROUTE = "other";

type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;
type Page = { pattern: string; regexp: RegExp; score: number };

const WILDCARDS = new Set(["*", "/*"]);

/**
 * The route pattern a request was answered by, never its raw path: the shop's own HTTP route when one
 * matched (`/graphql`, `/healthz`, `/assets/*`), else the page's React Router pattern
 * (`/shop/:series/:productId`), else `other`. The page patterns are compiled once from the build and
 * tried most specific first, as React Router ranks them (its own matcher re-ranks the routes per call).
 */
export function routeLabeller(build: ServerBuild): (c: Context) => string {
  const pages = pagePatterns(build.routes);
  return (c) => {
    const own = matchedRoutes(c).find((route) => !WILDCARDS.has(route.path));
    if (own) return own.path.replace(/^(.*?:\w+)\{.*\}$/, "$1");
    const path = c.req.path;
    return pages.find((page) => page.regexp.test(path))?.pattern ?? UNMATCHED_ROUTE;
  };
}

function pagePatterns(manifest: ServerBuild["routes"]): Page[] {
  const routes = Object.values(manifest).filter((route): route is ManifestRoute => route !== undefined);
  const fullPath = (route: ManifestRoute): string => {
    const parent = route.parentId ? manifest[route.parentId] : undefined;
    return [parent ? fullPath(parent) : "", route.path ?? ""].filter(Boolean).join("/");
  };
  return (
    routes
      // Layouts without a path of their own answer nothing themselves; the catch-all is a 404.
      .filter((route) => (route.path !== undefined && route.path !== "") || route.index)
      .map((route) => ({ pattern: `/${fullPath(route)}`, index: Boolean(route.index) }))
      .filter(({ pattern }) => !pattern.endsWith("*"))
      .map(({ pattern, index }) => ({ pattern, regexp: regexpOf(pattern), score: scoreOf(pattern, index) }))
      .sort((a, b) => b.score - a.score)
  );
}

/** React Router's ranking: more segments first, a static segment above a parameter. */
function scoreOf(pattern: string, index: boolean): number {
  const segments = pattern.split("/").filter(Boolean);
  return segments.reduce((score, segment) => score + (segment.startsWith(":") ? 3 : 10), segments.length + (index ? 2 : 0));
}

/** Case-insensitive, a trailing slash allowed, as React Router matches. */
function regexpOf(pattern: string): RegExp {
  const body = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^/${body}/*$`, "i");
}
