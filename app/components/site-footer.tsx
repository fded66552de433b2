import { Link } from "react-router";
import { FREE_SHIPPING_FROM_CENTS, SHIPPING_FEE_CENTS } from "../../domain/bag/price-bag.ts";
import { formatMoney } from "../../domain/shared/money.ts";
import { HOME_TITLE } from "../lib/page-title.ts";
import { SERIES_LINKS } from "../lib/series-nav.ts";
import { BuildVersion } from "./build-version.tsx";

export function SiteFooter({ brandName }: { brandName: string }) {
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{brandName}</p>
          <p className="mt-2 text-sm">{HOME_TITLE}</p>
        </div>
        <nav aria-label="Product lines">
          <p className="font-semibold text-white">Shop</p>
          <ul className="mt-2 space-y-1 text-sm">
            {SERIES_LINKS.map((link) => (
              <li key={link.code}>
                <Link to={link.href} className="hover:underline">
                  {link.title}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/shop/lean-up-calorie-burning/lmt" className="hover:underline">
                Lean Up guide
              </Link>
            </li>
          </ul>
        </nav>
        <div className="text-sm">
          <p className="font-semibold text-white">Delivery in Singapore</p>
          <p className="mt-2">
            Prices in SGD and include GST. Shipping {formatMoney(SHIPPING_FEE_CENTS)}, free from{" "}
            {formatMoney(FREE_SHIPPING_FROM_CENTS)} of goods.
          </p>
        </div>
      </div>
      <p className="border-t border-brand-800 py-4 text-center text-xs">
        © {new Date().getFullYear()} {brandName}. All rights reserved.
      </p>
      <BuildVersion />
    </footer>
  );
}
