/** Where a visitor signs in, coming back to `returnTo` afterwards. */
export function loginPath(returnTo: string): string {
  return `/member/login?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * Where the browser goes when the shop refuses its call as unauthorised (SPEC.md §2): the sign-out
 * page clears the browser's own state and then signs in again, coming back to `returnTo`.
 */
export function sessionEndedPath(returnTo: string): string {
  return `/member/logout?redirect=${encodeURIComponent(returnTo)}`;
}

/** A member's own places, as the header's Account menu and the member page offer them. */
export const MEMBER_PLACES = {
  home: { href: "/member", title: "Your account" },
  earnPoints: { href: "/member/earn-points", title: "Earn points" },
  orders: { href: "/order", title: "Orders" },
  subscriptions: { href: "/member/subscriptions", title: "Subscriptions" },
  reviews: { href: "/member/reviews", title: "Your reviews" },
  settings: { href: "/member/account", title: "Account settings" },
} as const;

/** The sign-out page: it asks to confirm with the sign-out form (the way without a CSRF token at hand). */
export const SIGN_OUT_PATH = "/member/logout";
