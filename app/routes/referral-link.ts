import { followReferralLink } from "../../domain/referrals/follow-referral-link.ts";
import { requestContext } from "../context.ts";
import { deviceOf, friendOfferCookie, readDeviceId, referralCookie } from "../lib/referral-cookie.server.ts";
import type { Route } from "./+types/referral-link";

const MAX_CODE_LENGTH = 40;

/**
 * A member's referral link (/r/CODE): the browser remembers the code for the friend's first order and
 * gets a device id for the fraud checks, then lands on the home page, which greets them with the
 * discount (`friend-offer.ts`). A code that is not a member's, or referrals switched off, lands there
 * too, remembering nothing.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  // Anything longer is no code of ours: it lands on the home page like an unknown one.
  const typed = params.code.length <= MAX_CODE_LENGTH ? params.code : "";
  const followed = await followReferralLink(ctx.operations, { code: typed, deviceId: readDeviceId(request) });
  const headers = new Headers({ Location: "/", "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  if (followed) {
    headers.append("Set-Cookie", referralCookie(followed.code, ctx.settings.secureCookies));
    if (followed.friendDiscountPercent !== null) {
      headers.append("Set-Cookie", friendOfferCookie(followed.friendDiscountPercent, ctx.settings.secureCookies));
    }
    const device = deviceOf(request, ctx.settings.secureCookies);
    if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  }
  return new Response(null, { status: 303, headers });
}
