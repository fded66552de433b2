import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { type PageLinks, pageHref } from "../lib/listing-links.ts";

/** The page numbers shown: the first, the last, and the current one with its neighbours; null marks a gap. */
function shownPages(page: number, pageCount: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 1) shown.push(n);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

const STEP = "flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-3 font-semibold";

/** Links to a listing's other pages; nothing when it has only one. `hrefOf` gives a page's address when the path alone does not. */
export function Pager({
  links,
  label,
  hrefOf = (n) => pageHref(links.path, n),
}: {
  links: PageLinks;
  label: string;
  hrefOf?: (page: number) => string;
}) {
  const { page, pageCount } = links;
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mx-auto mt-8 max-w-6xl px-4">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 && (
          <li>
            <Link to={hrefOf(page - 1)} rel="prev" className={`${STEP} text-brand-700 hover:bg-brand-50`}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">Previous</span>
              <span className="sr-only"> page</span>
            </Link>
          </li>
        )}
        {shownPages(page, pageCount).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefOf(n)}
                aria-current={n === page ? "page" : undefined}
                className={`${STEP} ${n === page ? "bg-brand-700 text-white" : "text-brand-700 hover:bg-brand-50"}`}
              >
                <span className="sr-only">Page </span>
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={hrefOf(page + 1)} rel="next" className={`${STEP} text-brand-700 hover:bg-brand-50`}>
              <span className="max-sm:sr-only">Next</span>
              <span className="sr-only"> page</span>
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
