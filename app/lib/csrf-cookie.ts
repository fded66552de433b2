import { cookieIn } from "./cookie-header.ts";

/** The readable cookie the shop keeps beside the session cookie (decision 021), secure name first. */
const CSRF_COOKIES = ["__Host-csrf-token", "csrf-token"];

/** The session's CSRF token, from that cookie; "" when the browser holds none. Browser only. */
export function csrfTokenOfPage(): string {
  for (const name of CSRF_COOKIES) {
    const value = cookieIn(document.cookie, name);
    if (value) return decodeURIComponent(value);
  }
  return "";
}
