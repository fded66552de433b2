import { Link } from "react-router";
import { loginPath } from "../lib/member-paths.ts";

/** Where a shopper whose bag subscribes goes back to after signing in or joining: the checkout's delivery step. */
const CHECKOUT_RETURN = "/checkout/shipping";

/** Asks a shopper who is not signed in to sign in or join before paying for a subscription; their bag waits for them. */
export function SubscriptionSignIn({ heading: Heading = "h2" }: { heading?: "h1" | "h2" }) {
  return (
    <section aria-labelledby="subscribe-sign-in" className="rounded-2xl bg-brand-50 p-5" data-testid="subscription-sign-in">
      <Heading id="subscribe-sign-in" className="text-lg font-bold">
        Sign in or join to subscribe
      </Heading>
      <p className="mt-1">
        Your subscription is kept in your account, where you skip, pause or cancel it. Your bag comes with you, and you carry on
        with this checkout.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link
          to={loginPath(CHECKOUT_RETURN)}
          className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Sign in
        </Link>
        <Link
          to={loginPath(CHECKOUT_RETURN)}
          className="rounded-full border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-white"
        >
          Join for free
        </Link>
      </div>
    </section>
  );
}
