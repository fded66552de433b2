import { useEffect } from "react";
import { NOT_FOUND_PATH, notFoundHref } from "../lib/not-found.ts";

const SHOP_LINK = { href: "/shop", label: "Browse the shop" };
/** Where someone who missed a page most likely wanted to go. */
const NOT_FOUND_LINKS = [SHOP_LINK, { href: "/help", label: "Help centre" }, { href: "/order", label: "Track an order" }];

/**
 * The error page inside the site's chrome. For a missing page a browser moves its address on to
 * `/404?path=…` in place (no request, no new history entry); the status stays 404 (decision 016).
 */
export function ErrorPage({ status, message, pathname }: { status: number; message: string; pathname: string }) {
  const notFound = status === 404;
  useEffect(() => {
    if (!notFound || pathname === NOT_FOUND_PATH) return;
    window.history.replaceState(window.history.state, "", notFoundHref(pathname));
  }, [notFound, pathname]);

  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Error {status}</p>
      <h1 className="mt-3 break-words text-3xl font-bold tracking-tight">{message}</h1>
      <p className="mt-4 text-muted">
        {notFound
          ? "The page you asked for isn't here. It may have moved, or the address may have a typo."
          : "We hit a problem showing this page. Please try again in a moment."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Go to the home page
        </a>
        {(notFound ? NOT_FOUND_LINKS : [SHOP_LINK]).map((link) => (
          <a
            key={link.href}
            href={link.href}
            className="rounded-full border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {link.label}
          </a>
        ))}
      </div>
    </section>
  );
}
