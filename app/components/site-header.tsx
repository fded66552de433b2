import { ChevronDown, CircleUserRound, ShoppingBag } from "lucide-react";
import { Link, useLocation } from "react-router";
import { itemsLabel } from "../../kernel/count-label.ts";
import { loginPath } from "../lib/member-paths.ts";
import { currentShopLink, SHOP_NAV } from "../lib/series-nav.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useVisitorState } from "../lib/use-visitor-state.ts";
import type { VisitorState } from "../lib/visitor-state.ts";
import { AccountMenu } from "./account-menu.tsx";
import { BrandLink } from "./brand.tsx";
import { Kept } from "./rendered-once.tsx";

const navClass = (current: boolean) =>
  `block whitespace-nowrap rounded-full px-2.5 py-1.5 sm:px-3 text-sm font-medium ${current ? "bg-brand-100 text-brand-900" : "text-ink hover:bg-brand-50"}`;

const actionClass =
  "relative flex items-center gap-1.5 rounded-full px-2 py-2 font-medium whitespace-nowrap text-ink hover:bg-brand-50 sm:gap-2 sm:px-3";

/** Signing in comes back to the page the visitor is on (the login page keeps the return it already has). */
function useSignInHref(): string {
  const { pathname, search } = useLocation();
  return pathname === "/member/login" ? `${pathname}${search}` : loginPath(`${pathname}${search}`);
}

/** A phone shows the short name; the link is named in full everywhere. The current one says so. */
function ShopNavLink({ to, full, short, current }: { to: string; full: string; short: string; current: boolean }) {
  return (
    <Link to={to} aria-current={current ? "page" : undefined} className={navClass(current)} aria-label={full}>
      <span className="sm:hidden">{short}</span>
      <span className="hidden sm:inline">{full}</span>
    </Link>
  );
}

/** The shop's lines, the same on every page but for the one the visitor is in: rendered once for each (see Kept). */
function ShopNav() {
  const current = currentShopLink(useLocation().pathname);
  return (
    <nav aria-label="Shop" className="mx-auto max-w-6xl px-2 pb-2">
      {/* On a phone the lines go by their short names, so every one fits and the current one shows. */}
      <Kept as="ul" name={`shop-nav ${current}`} className="flex flex-wrap justify-between gap-1 sm:justify-start">
        {SHOP_NAV.map((link) => (
          <li key={link.href}>
            <ShopNavLink to={link.href} full={link.title} short={link.shortTitle} current={link.href === current} />
          </li>
        ))}
      </Kept>
    </nav>
  );
}

/**
 * "Sign in" or "Account": both take the same cell, the menu's chevron included, so the header keeps
 * its width whichever shows and whether or not the Account opens a menu.
 */
function AccountLabel({ signedIn, menu }: { signedIn: boolean; menu: boolean }) {
  return (
    <>
      <CircleUserRound aria-hidden="true" className="size-6" />
      <span className="grid">
        <span className={`[grid-area:1/1] ${signedIn ? "invisible" : ""}`}>Sign in</span>
        <span className={`flex items-center gap-0.5 [grid-area:1/1] ${signedIn ? "" : "invisible"}`}>
          Account
          <ChevronDown aria-hidden="true" className={`size-4 ${menu ? "" : "invisible"}`} />
        </span>
      </span>
    </>
  );
}

const bagLabel = (bagCount: number) => `Bag, ${itemsLabel(bagCount)}`;

/**
 * The header is the same for everyone when the page is (then `visitor` is null): the bag count and
 * "Account" appear once the browser knows them, in space kept for them, so nothing moves. Once
 * scripts run, a signed-in member's Account opens their places; before, and without scripts, it is a
 * link to the member page.
 */
export function SiteHeader({ brandName, visitor: rendered }: { brandName: string; visitor: VisitorState | null }) {
  const signInHref = useSignInHref();
  const visitor = useVisitorState(rendered);
  const signedIn = visitor?.signedIn ?? false;
  const hydrated = useHydrated();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3 sm:gap-4">
        <BrandLink brandName={brandName} />
        <div className="flex items-center sm:gap-1">
          {signedIn && hydrated ? (
            <AccountMenu buttonClass={actionClass}>
              <AccountLabel signedIn menu />
            </AccountMenu>
          ) : (
            <Link to={signedIn ? "/member" : signInHref} className={actionClass}>
              <AccountLabel signedIn={signedIn} menu={false} />
            </Link>
          )}
          <Link to="/bag" className={actionClass} aria-label={visitor ? bagLabel(visitor.bagCount) : "Bag"}>
            <ShoppingBag aria-hidden="true" className="size-6" />
            <span className="hidden sm:inline">Bag</span>
            <span
              aria-hidden="true"
              data-testid="bag-count"
              className={`h-5 min-w-6 rounded-full bg-brand-700 px-1.5 text-center text-sm leading-5 font-semibold text-white ${visitor ? "" : "invisible"}`}
            >
              {visitor?.bagCount ?? 0}
            </span>
          </Link>
        </div>
      </div>
      <ShopNav />
    </header>
  );
}
