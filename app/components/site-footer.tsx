import type { DeliveryTerms } from "../../domain/delivery/delivery-option.ts";
import { formatMoney } from "../../kernel/money.ts";
import { HOME_TITLE } from "../lib/page-title.ts";
import { SERIES_LINKS } from "../lib/series-nav.ts";
import { COMPANY_LINKS, CUSTOMER_SERVICE_LINKS, LEGAL_LINKS, type SiteLink } from "../lib/site-links.ts";
import { BuildVersion } from "./build-version.tsx";
import { LinkList } from "./link-list.tsx";
import { Kept } from "./rendered-once.tsx";

const SHOP_LINKS: SiteLink[] = [
  ...SERIES_LINKS,
  { href: "/shop/sale", title: "Bundles & sale" },
  { href: "/shop/lean-up-calorie-burning/lmt", title: "Lean Up guide" },
];

function FooterLinks({ heading, label = heading, links }: { heading: string; label?: string; links: SiteLink[] }) {
  return (
    <nav aria-label={label}>
      <p className="font-semibold text-white">{heading}</p>
      <LinkList links={links} className="mt-2 space-y-1 text-sm" linkClassName="hover:underline" />
    </nav>
  );
}

/** The same on every page of a year: rendered once (see Kept). */
export function SiteFooter({ brandName, delivery }: { brandName: string; delivery: DeliveryTerms | undefined }) {
  const year = new Date().getFullYear();
  return (
    <Kept
      as="footer"
      name={`footer ${brandName} ${year} ${delivery?.priceCents} ${delivery?.freeFromCents}`}
      className="mt-16 bg-brand-900 text-brand-50"
    >
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 lg:grid-cols-5">
        <div className="col-span-2 lg:col-span-1">
          <p className="text-lg font-bold text-white">{brandName}</p>
          <p className="mt-2 text-sm">{HOME_TITLE}</p>
          <p className="mt-4 text-sm">Prices in SGD and include GST.{delivery && ` ${deliverySentence(delivery)}`}</p>
        </div>
        <FooterLinks heading="Shop" label="Product lines" links={SHOP_LINKS} />
        <FooterLinks heading="Customer service" links={CUSTOMER_SERVICE_LINKS} />
        <FooterLinks heading="Company" links={COMPANY_LINKS} />
        <FooterLinks heading="Legal" links={LEGAL_LINKS} />
      </div>
      <p className="border-t border-brand-800 py-4 text-center text-xs">
        © {year} {brandName}. All rights reserved.
      </p>
      <BuildVersion />
    </Kept>
  );
}

function deliverySentence({ priceCents, freeFromCents }: DeliveryTerms): string {
  const free = freeFromCents === null ? "" : `, free from ${formatMoney(freeFromCents)} of goods`;
  return `Delivery in Singapore ${formatMoney(priceCents)}${free}.`;
}
