import { NavLink, Outlet } from "react-router";
import { requestContext } from "../../context.ts";
import { requireDebugPage } from "../../lib/debug-page.server.ts";
import type { Route } from "./+types/debug-layout";

/** The team's debug pages, in the order the navigation lists them. */
export const DEBUG_PAGES = [
  { to: "/debug/auth", label: "Auth" },
  { to: "/debug/member", label: "Member" },
  { to: "/debug/orders", label: "Orders" },
  { to: "/debug/test-display-promo", label: "Promotion display" },
  { to: "/debug/stripe-coupon-utility", label: "Promotion codes" },
] as const;

/** Outside debug mode the debug pages do not exist: 404 like any missing page, never a hint that they could. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireDebugPage(context.get(requestContext), request);
  return null;
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export default function DebugLayout() {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-6">
      <nav aria-label="Debug pages" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-3">
        <p className="text-sm font-semibold text-amber-900">Debug mode: test tools for the team, never shown in production.</p>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {DEBUG_PAGES.map((page) => (
            <li key={page.to}>
              <NavLink
                to={page.to}
                className={({ isActive }) =>
                  `underline underline-offset-2 ${isActive ? "font-semibold text-brand-900" : "text-brand-700 hover:text-brand-900"}`
                }
                end
              >
                {page.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
