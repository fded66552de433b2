/**
 * Where a browser ends for a missing page: `/404?path={original path}`, answered with status 404 like
 * the original address (decision 016).
 */
export const NOT_FOUND_PATH = "/404";

const MAX_SHOWN_PATH = 300;

export function notFoundMessage(path: string): string {
  return `Page not found: ${path}`;
}

export function notFoundHref(path: string): string {
  return `${NOT_FOUND_PATH}?path=${encodeURIComponent(path)}`;
}

/** The original path `/404?path=` names: a path on this site, else /404 itself. */
export function missingPathOf(url: URL): string {
  const path = url.searchParams.get("path");
  if (!path?.startsWith("/") || path.startsWith("//")) return NOT_FOUND_PATH;
  return path.length > MAX_SHOWN_PATH ? `${path.slice(0, MAX_SHOWN_PATH)}…` : path;
}
