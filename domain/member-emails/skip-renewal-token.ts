import { readSignedToken, signToken } from "../shared/signed-token.ts";

/** Where a reminder's skip link leads: the page that asks to confirm, which posts back to the same address. */
export const SKIP_RENEWAL_PATH = "/email/skip-renewal";

/**
 * The token of a renewal reminder's skip link: the subscription and the date it skips, signed as
 * unsubscribe links are (signed-token.ts), so only the shop can make one and it skips that one date only.
 */
const PURPOSE = "subscription-skip";

export type SkipRenewalSubject = { subscriptionId: string; dueOn: string };

export const skipRenewalToken = (secret: string, subject: SkipRenewalSubject): string =>
  signToken(secret, PURPOSE, [subject.subscriptionId, subject.dueOn]);

/** The subscription and date a token was signed for; null for anything the shop did not sign. */
export function readSkipRenewalToken(secret: string, token: string): SkipRenewalSubject | null {
  const [subscriptionId, dueOn] = readSignedToken(secret, PURPOSE, token, 2) ?? [];
  return subscriptionId && dueOn ? { subscriptionId, dueOn } : null;
}
