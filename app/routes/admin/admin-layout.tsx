import { LogOut } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { useBrandName } from "../../components/brand.tsx";
import { requireStaffPage } from "../../lib/back-office.server.ts";
import { sectionsFor } from "../../lib/back-office-sections.ts";
import type { Route } from "./+types/admin-layout";

export function loader(args: Route.LoaderArgs) {
  const { staff } = requireStaffPage(args);
  return {
    email: staff.email,
    role: staff.role,
    csrfToken: staff.session.csrfToken,
    sections: sectionsFor(staff.permissions).map(({ to, label }) => ({ to, label })),
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * The sections as one row that scrolls sideways on a phone (it would wrap to five rows); on wider
 * screens, as many rows as they take. Nothing scrolls the row but the reader, so it never moves
 * under a finger about to tap it.
 */
function SectionNav({ links }: { links: { to: string; label: string }[] }) {
  return (
    <nav aria-label="Back office" className="mx-auto max-w-6xl px-4 pb-2">
      <ul className="-mx-4 flex gap-x-5 gap-y-1 overflow-x-auto px-4 pb-1 text-sm whitespace-nowrap sm:mx-0 sm:flex-wrap sm:px-0 sm:whitespace-normal">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              // Home only on its own; a section stays current on its sub-pages (a member's page).
              end={link.to === "/admin"}
              className={({ isActive }) => `underline-offset-4 hover:underline ${isActive ? "font-bold underline" : ""}`}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The back office's own frame: its header and navigation, none of the shop's. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const brandName = useBrandName();
  const links = [{ to: "/admin", label: "Home" }, ...loaderData.sections];
  return (
    <>
      <header className="border-b border-slate-200 bg-brand-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-bold">{brandName} back office</p>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span>
              {loaderData.email} · {loaderData.role === "owner" ? "Owner" : "Staff"}
            </span>
            <form method="post" action="/admin/logout">
              <input type="hidden" name="csrf" value={loaderData.csrfToken} />
              <button
                type="submit"
                className="inline-flex items-center gap-2 rounded-full border border-white/60 px-4 py-1.5 font-semibold hover:bg-white/10"
              >
                <LogOut aria-hidden="true" className="size-4" />
                Sign out
              </button>
            </form>
          </div>
        </div>
        <SectionNav links={links} />
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </>
  );
}
