import { useEffect } from "react";
import { Link } from "react-router";
import { safeReturnPath } from "../../../domain/identity/return-path.ts";
import { SignOutButton } from "../../components/sign-out-button.tsx";
import { requestContext } from "../../context.ts";
import { loginPath } from "../../lib/member-paths.ts";
import { privatePageHeaders, signOutToken } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/logout";

const REDEMPTION_STORE_KEY = "redemption-store";
const SIGN_OUT_WAIT_MS = 1000;
const HOME = "/";

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.csrfToken ? "Sign Out" : "Signing Out");

export const headers: Route.HeadersFunction = privatePageHeaders;

/**
 * Opening this page never signs anyone out (another site could link to it): a signed-in member is
 * asked to confirm with the sign-out form. Signed out (the form's landing, or a session that ended),
 * it clears the browser's own state and reloads the home page; reached with `?redirect=` (a call
 * refused because the session had ended), it goes on to sign in again, back to that page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const returnTo = new URL(request.url).searchParams.get("redirect");
  return {
    csrfToken: signOutToken(context.get(requestContext)),
    next: returnTo === null ? HOME : loginPath(safeReturnPath(returnTo)),
  };
}

export default function MemberLogout({ loaderData }: Route.ComponentProps) {
  return loaderData.csrfToken ? <ConfirmSignOut csrfToken={loaderData.csrfToken} /> : <SigningOut next={loaderData.next} />;
}

function ConfirmSignOut({ csrfToken }: { csrfToken: string }) {
  return (
    <section className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Sign out?</h1>
      <p className="mt-3 text-muted">Your points, rewards and orders stay on your membership for next time.</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <SignOutButton csrfToken={csrfToken} />
        <Link to="/member" className="rounded-full px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50">
          Stay signed in
        </Link>
      </div>
    </section>
  );
}

function SigningOut({ next }: { next: string }) {
  useEffect(() => {
    try {
      window.localStorage.removeItem(REDEMPTION_STORE_KEY);
    } catch {
      // Storage can be switched off; there is then no basket to clear.
    }
    const timer = window.setTimeout(() => window.location.assign(next), SIGN_OUT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [next]);

  const home = next === HOME;
  return (
    <section className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">
        {home ? "Signing you out…" : "Your session has ended"}
      </h1>
      <p role="status" className="mt-3 text-muted">
        {home ? "You'll be back on the home page in a moment." : "Taking you to sign in again, then back to where you were."}
      </p>
      <span
        aria-hidden="true"
        className="mx-auto mt-8 block size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
      />
      <noscript>
        <p className="mt-6">
          <a href={next} className="font-semibold text-brand-700 hover:underline">
            {home ? "Continue to the home page" : "Sign in again"}
          </a>
        </p>
      </noscript>
    </section>
  );
}
