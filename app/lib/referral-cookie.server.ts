import { randomUUID } from "node:crypto";
import { cookieIn } from "./cookie-header.ts";
import { FRIEND_OFFER_COOKIE, FRIEND_OFFER_MAX_AGE } from "./friend-offer.ts";

/** The referral code a member's link left (decision 045): first-party, HttpOnly, SameSite=Lax. */
export const REFERRAL_COOKIE = "ref";
/** A device's own id, for the referral fraud checks only. */
export const DEVICE_COOKIE = "device";
/** Thirty days to place the first order after following a friend's link. */
const REFERRAL_MAX_AGE = 30 * 24 * 60 * 60;
const DEVICE_MAX_AGE = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[0-9a-f-]{36}$/;

const readCookie = (request: Request, name: string): string | null => cookieIn(request.headers.get("cookie"), name);

const cookie = (name: string, value: string, maxAge: number, secure: boolean) =>
  `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;

export const readReferralCode = (request: Request): string | null => readCookie(request, REFERRAL_COOKIE);

/** The device id the browser holds; one that is not ours is no id. */
export function readDeviceId(request: Request): string | null {
  const id = readCookie(request, DEVICE_COOKIE);
  return id && DEVICE_ID.test(id) ? id : null;
}

export const referralCookie = (code: string, secure: boolean) => cookie(REFERRAL_COOKIE, code, REFERRAL_MAX_AGE, secure);

/** Not HttpOnly on purpose: the landing page's note reads it; it holds only the friend's percent. */
export const friendOfferCookie = (percent: number, secure: boolean) =>
  `${FRIEND_OFFER_COOKIE}=${percent}; Path=/; SameSite=Lax; Max-Age=${FRIEND_OFFER_MAX_AGE}${secure ? "; Secure" : ""}`;

/** The device id to use and, when the browser had none, the cookie that gives it one. */
export function deviceOf(request: Request, secure: boolean): { deviceId: string; setCookie: string | null } {
  const known = readDeviceId(request);
  if (known) return { deviceId: known, setCookie: null };
  const deviceId = randomUUID();
  return { deviceId, setCookie: cookie(DEVICE_COOKIE, deviceId, DEVICE_MAX_AGE, secure) };
}
