import { cookieIn } from "./cookie-header.ts";

export const BAG_COOKIE = "bag";
/** Sixty days: a bag outlives a visit; the visitor cookie lives as long. */
export const BAG_COOKIE_MAX_AGE = 60 * 24 * 60 * 60;

export const readBagToken = (request: Request): string | null => cookieIn(request.headers.get("cookie"), BAG_COOKIE);

export function bagCookie(token: string, secure: boolean): string {
  return `${BAG_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BAG_COOKIE_MAX_AGE}${secure ? "; Secure" : ""}`;
}
