import { useSyncExternalStore } from "react";
import { useFetchers, useNavigation } from "react-router";
import { useHydrated } from "./use-hydrated.ts";
import { parseVisitorCookie, type VisitorState, visitorCookieIn } from "./visitor-state.ts";

/** The cookie may change in another tab or after a trip away (back/forward cache): read it again then. */
function subscribe(onChange: () => void): () => void {
  const events = ["focus", "pageshow"] as const;
  for (const event of events) window.addEventListener(event, onChange);
  document.addEventListener("visibilitychange", onChange);
  return () => {
    for (const event of events) window.removeEventListener(event, onChange);
    document.removeEventListener("visibilitychange", onChange);
  };
}

const readCookie = () => visitorCookieIn(document.cookie) ?? "";
/** Before hydration ends the page shows what the server rendered. */
const notInBrowser = () => undefined;

/**
 * The visitor's bag count and sign-in state: what the server rendered (null on pages rendered for
 * everyone), then, in the browser, the visitor cookie the server keeps current. Reading it again
 * after every navigation and form post (the router's state changes re-render this) shows a new
 * count without a reload.
 */
export function useVisitorState(rendered: VisitorState | null): VisitorState | null {
  useNavigation();
  useFetchers();
  // Read from the render that follows hydration (a transition), not during hydration, which would
  // force a blocking re-render of the header as soon as it ends.
  const hydrated = useHydrated();
  const cookie = useSyncExternalStore(subscribe, hydrated ? readCookie : notInBrowser, notInBrowser);
  return cookie === undefined ? rendered : parseVisitorCookie(cookie || null);
}
