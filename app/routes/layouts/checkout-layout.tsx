import { Lock } from "lucide-react";
import { Outlet, useLocation } from "react-router";
import { BrandLink, useBrandName } from "../../components/brand.tsx";
import { LinkList } from "../../components/link-list.tsx";
import { HELP_LINK, LEGAL_LINKS, TRACK_ORDER_LINK } from "../../lib/site-links.ts";

const STEPS = [
  { path: "/checkout/summary", label: "Summary" },
  { path: "/checkout/shipping", label: "Shipping" },
  { path: "/pay", label: "Payment" },
  { path: "/checkout/complete", label: "Done" },
];

/** The checkout's own layout: no shop navigation to leave by accident, the steps, and where you are. */
export default function CheckoutLayout() {
  const brandName = useBrandName();
  const { pathname } = useLocation();
  const current = STEPS.findIndex((step) => pathname.startsWith(step.path));
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-4xl items-center justify-between px-4 py-4">
          <BrandLink brandName={brandName} />
          <p className="flex items-center gap-1.5 text-sm font-medium text-muted">
            <Lock aria-hidden="true" className="size-4" /> Secure checkout
          </p>
        </div>
        <nav aria-label="Checkout steps" className="mx-auto max-w-4xl px-4 pb-3">
          {/* Four equal columns on a phone, so no step drops to a line of its own. */}
          <ol className="grid grid-cols-4 gap-2 text-xs sm:flex sm:gap-6 sm:text-sm">
            {STEPS.map((step, index) => (
              <li
                key={step.path}
                aria-current={index === current ? "step" : undefined}
                className={`flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 ${
                  index === current ? "font-semibold text-brand-800" : index < current ? "text-ink" : "text-muted"
                }`}
              >
                <span
                  className={`grid size-6 shrink-0 place-items-center rounded-full border text-xs ${
                    index === current ? "border-brand-700 bg-brand-700 text-white" : "border-current"
                  }`}
                >
                  {index + 1}
                </span>
                <span className="sm:whitespace-nowrap">{step.label}</span>
              </li>
            ))}
          </ol>
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 px-4 py-6 text-center text-sm text-muted">
        <p>Prices in SGD, GST included.</p>
        <nav aria-label="Checkout help" className="mt-2">
          <LinkList
            links={[TRACK_ORDER_LINK, HELP_LINK, ...LEGAL_LINKS]}
            className="flex flex-wrap justify-center gap-x-4 gap-y-1"
            linkClassName="underline"
          />
        </nav>
      </footer>
    </>
  );
}
