/** The orders list's filters as they come in a page's address: the list, its pages and its CSV share them. */
export const ORDER_FILTER_NAMES = ["query", "status", "from", "to", "page"] as const;

export function orderFiltersOf(params: URLSearchParams): Record<(typeof ORDER_FILTER_NAMES)[number], string> {
  return Object.fromEntries(ORDER_FILTER_NAMES.map((name) => [name, params.get(name) ?? ""])) as Record<
    (typeof ORDER_FILTER_NAMES)[number],
    string
  >;
}
