import { Outlet } from "react-router";
import { AdminErrorPanel, describeBackOfficeError } from "../../components/admin/error-panel.tsx";
import { pageMeta } from "../../lib/page-meta.ts";
import { errorTitle } from "../../lib/page-title.ts";
import type { Route } from "./+types/admin-pages";

const NOINDEX = { name: "robots", content: "noindex" };

/** An error page's title says the error, as the shop's do; a page's own title wins otherwise. */
export const meta: Route.MetaFunction = (args) => {
  if (!args.error) return [NOINDEX];
  const { status, message } = describeBackOfficeError(args.error);
  return [...pageMeta(args, errorTitle(status, message)), NOINDEX];
};

/**
 * Every back-office page sits in here, inside the back office's layout: an error thrown by one (its
 * loader, its action or its render) shows the back office's error panel in the page's place, with
 * the header and navigation still around it. A visitor who is not staff never gets this far: the
 * layout's own refusal is the shop's missing page.
 */
export default function AdminPages() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <AdminErrorPanel />;
}
