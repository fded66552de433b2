import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { useErrorAlert } from "../../lib/error-alert-sender.ts";
import { LINK } from "./admin-parts.tsx";

/**
 * What went wrong, said to staff: a refusal's own words (a 4xx answer carries a message the shop
 * wrote for them, "This needs the "staff" permission."); for anything else only that it failed,
 * since an unexpected error's text is for the logs, not the page.
 */
export function describeBackOfficeError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error) && error.status < 500) {
    const fallback = error.status === 404 ? "Not found" : "This page cannot be shown";
    return { status: error.status, message: typeof error.data === "string" && error.data ? error.data : fallback };
  }
  return { status: isRouteErrorResponse(error) ? error.status : 500, message: "Something went wrong" };
}

function whatToDo(status: number): string {
  if (status === 403) return "An owner can give your role the permission it needs.";
  if (status === 404) return "It may have been removed, or the address may be mistyped.";
  if (status < 500) return "Check the address, or go back and try again.";
  return "The back office could not show this page. The error has been reported; try again in a moment.";
}

/** An error on a back-office page, inside the back office: its navigation stays, so staff can carry on. */
export function AdminErrorPanel() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  useErrorAlert(error);
  const { status, message } = describeBackOfficeError(error);
  return (
    <section aria-labelledby="error-heading" className="rounded-lg border border-red-200 bg-white p-6">
      <p className="text-sm font-semibold uppercase tracking-wider text-sale">{`Error ${status}`}</p>
      <h1 id="error-heading" className="mt-2 text-2xl font-bold wrap-anywhere text-brand-900">
        {message}
      </h1>
      <p className="mt-3 text-muted">{whatToDo(status)}</p>
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        {/* A whole new page load: whatever broke in this one does not come along. */}
        <a href={`${pathname}${search}`} className={LINK}>
          Try again
        </a>
        <Link to="/admin" className={LINK}>
          Back-office home
        </Link>
      </p>
    </section>
  );
}
