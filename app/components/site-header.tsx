import { ShoppingBag } from "lucide-react";
import { Link, NavLink } from "react-router";
import { SERIES_LINKS } from "../lib/series-nav.ts";
import { BrandLink } from "./brand.tsx";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-100 text-brand-900" : "text-ink hover:bg-brand-50"}`;

export function SiteHeader({ brandName, bagCount }: { brandName: string; bagCount: number }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <BrandLink brandName={brandName} />
        <Link
          to="/bag"
          className="relative flex items-center gap-2 rounded-full px-3 py-2 font-medium text-ink hover:bg-brand-50"
          aria-label={`Bag, ${bagCount} ${bagCount === 1 ? "item" : "items"}`}
        >
          <ShoppingBag aria-hidden="true" className="size-6" />
          <span className="hidden sm:inline">Bag</span>
          <span
            aria-hidden="true"
            data-testid="bag-count"
            className="min-w-6 rounded-full bg-brand-700 px-1.5 text-center text-sm font-semibold text-white"
          >
            {bagCount}
          </span>
        </Link>
      </div>
      <nav aria-label="Shop" className="mx-auto max-w-6xl overflow-x-auto px-2 pb-2">
        <ul className="flex gap-1">
          <li>
            <NavLink to="/shop" end className={navClass}>
              Shop all
            </NavLink>
          </li>
          {SERIES_LINKS.map((link) => (
            <li key={link.code}>
              <NavLink to={link.href} className={navClass}>
                {link.title}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/shop/sale" className={navClass}>
              Bundles &amp; sale
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
