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
