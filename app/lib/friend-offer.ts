/**
 * The welcome a friend gets on landing from a member's referral link (decision 045). The home page is
 * the same for everyone (decision 010), so the link's response leaves the discount in a short-lived
 * cookie that scripts can read, and the shop's layout shows the note after hydration. It holds only
 * the percent: the code itself stays in its HttpOnly cookie.
 */
export const FRIEND_OFFER_COOKIE = "friend_offer";

/** Long enough to reach the landing page; short, so a browser that never ran the page's scripts does not greet a later visit. */
export const FRIEND_OFFER_MAX_AGE = 10 * 60;

const PERCENT = /^[1-9]\d?$/;

/** The percent in a Cookie header (or `document.cookie`); null when there is none or it is not one. */
export function friendOfferIn(cookieHeader: string | null | undefined): number | null {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [name, value = ""] = part.trim().split("=");
    if (name === FRIEND_OFFER_COOKIE) return PERCENT.test(value) ? Number(value) : null;
  }
  return null;
}

export const friendOfferMessage = (percent: number) =>
  `A friend sent you ${percent}% off your first order. It is taken off at checkout.`;
