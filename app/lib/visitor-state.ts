import { cookieIn } from "./cookie-header.ts";

/**
 * What differs per visitor in the shop's header (bag count, signed in or not). Pages that look the
 * same for everyone are rendered without it and served from the page cache; the server keeps it in
 * a small cookie that scripts can read, and the header shows it after hydration.
 */
export type VisitorState = { bagCount: number; signedIn: boolean };

/** Not HttpOnly on purpose: it holds nothing secret, only what the header shows. */
export const VISITOR_COOKIE = "visitor";

const ANONYMOUS: VisitorState = { bagCount: 0, signedIn: false };
const VALUE = /^(\d{1,4})\.([01])$/;

/** The cookie's value, e.g. `3.1` for three items and signed in; null for an empty bag, signed out (no cookie). */
export function visitorCookieValue(state: VisitorState): string | null {
  if (state.bagCount === 0 && !state.signedIn) return null;
  return `${state.bagCount}.${state.signedIn ? 1 : 0}`;
}

/** A missing or unreadable cookie means an empty bag and nobody signed in. */
export function parseVisitorCookie(value: string | null): VisitorState {
  const match = value ? VALUE.exec(value) : null;
  return match ? { bagCount: Number(match[1]), signedIn: match[2] === "1" } : ANONYMOUS;
}

/** The visitor cookie's value in a Cookie header (or `document.cookie`), if it is there. */
export const visitorCookieIn = (cookieHeader: string | null | undefined): string | null => cookieIn(cookieHeader, VISITOR_COOKIE);
