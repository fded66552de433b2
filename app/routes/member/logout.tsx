import { useEffect } from "react";
import { privatePageHeaders } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/logout";

const REDEMPTION_STORE_KEY = "redemption-store";
const SIGN_OUT_WAIT_MS = 1000;

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Signing Out");

export const headers: Route.HeadersFunction = privatePageHeaders;

/** The session already ended on the server before this page rendered; the browser clears its own state. */
export default function MemberLogout() {
  useEffect(() => {
    try {
      window.localStorage.removeItem(REDEMPTION_STORE_KEY);
    } catch {
      // Storage can be switched off; there is then no basket to clear.
    }
    const timer = window.setTimeout(() => window.location.assign("/"), SIGN_OUT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <section className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Signing you out…</h1>
      <p role="status" className="mt-3 text-muted">
        You'll be back on the home page in a moment.
      </p>
      <span
        aria-hidden="true"
        className="mx-auto mt-8 block size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
      />
    </section>
  );
}
