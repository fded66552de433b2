/** The readable cookie the shop keeps beside the session cookie (decision 021), secure name first. */
const CSRF_COOKIES = ["__Host-csrf-token", "csrf-token"];

/** The session's CSRF token, from that cookie; "" when the browser holds none. Browser only. */
export function csrfTokenOfPage(): string {
  for (const part of document.cookie.split("; ")) {
    const separator = part.indexOf("=");
    if (CSRF_COOKIES.includes(part.slice(0, separator))) return decodeURIComponent(part.slice(separator + 1));
  }
  return "";
}
