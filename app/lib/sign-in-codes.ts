/**
 * The outcomes the sign-in and link routes report to the pages: `/member/login?error={code}` and
 * `/member/account?link={code}`.
 */
export const SIGN_IN_ERROR = {
  /** The code exchange failed or the provider returned an error. */
  failed: "failed",
  /** The sign-in attempt was unknown, already used, older than 10 minutes or started in another browser. */
  expired: "expired",
  /** The shopper cancelled at the provider (`error=access_denied`). */
  cancelled: "cancelled",
} as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR)[keyof typeof SIGN_IN_ERROR];

export const LINK_RESULT = {
  linked: "linked",
  /** The social account already belongs to another member. */
  inUse: "in-use",
  /** The member already has an account from that provider. */
  alreadyLinked: "already-linked",
  /** The provider has not verified the account's email address. */
  unverified: "unverified",
  failed: "failed",
} as const;
export type LinkResultCode = (typeof LINK_RESULT)[keyof typeof LINK_RESULT];

export function signInErrorPath(code: SignInErrorCode): string {
  return `/member/login?error=${code}`;
}

export function linkResultPath(code: LinkResultCode): string {
  return `/member/account?link=${code}`;
}
