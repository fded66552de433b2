/** Where a visitor signs in, coming back to `returnTo` afterwards. */
export function loginPath(returnTo: string): string {
  return `/member/login?redirect=${encodeURIComponent(returnTo)}`;
}
