import { useEffect } from "react";
import { APP_BUILD } from "../lib/app-build.ts";
import {
  BUILD_CHECK_TIMINGS,
  BUILD_PATH,
  buildChecker,
  isPageFormSubmit,
  isPageLinkClick,
  isSlowConnection,
} from "../lib/new-build.ts";

/**
 * Asks the server for its build about a second after start, on a timer and when the tab comes back.
 * Once a newer build is out, the next link click or search is left to the browser, so it loads the
 * whole page with the new build; nothing reloads by itself, so no half-filled form is lost.
 * `data-new-build` on the document says this page knows of a newer build.
 */
export function NewBuildCheck() {
  useEffect(() => {
    let newer = false;
    const checker = buildChecker({
      running: APP_BUILD,
      fetchBuild: async () => (await fetch(BUILD_PATH, { cache: "no-store" })).json(),
      now: Date.now,
      onNewer: () => {
        newer = true;
        document.documentElement.dataset.newBuild = "";
      },
    });
    const slow = isSlowConnection((navigator as { connection?: { effectiveType?: string; saveData?: boolean } }).connection);
    const first = slow ? undefined : setTimeout(checker.check, BUILD_CHECK_TIMINGS.firstMs);
    const timer = setInterval(checker.check, BUILD_CHECK_TIMINGS.everyMs);
    const onReturn = () => {
      if (document.visibilityState === "visible") void checker.check();
    };
    // Captured before the router sees the event: stopping it there leaves the browser's own navigation.
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (newer && isPageLinkClick(event, anchor as HTMLAnchorElement | null, window.location.origin)) event.stopPropagation();
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      const attributes = {
        method: form.getAttribute("method"),
        action: form.getAttribute("action"),
        target: form.getAttribute("target"),
      };
      if (newer && !event.defaultPrevented && isPageFormSubmit(attributes, window.location.href)) event.stopPropagation();
    };
    document.addEventListener("visibilitychange", onReturn);
    window.addEventListener("focus", onReturn);
    window.addEventListener("click", onClick, true);
    window.addEventListener("submit", onSubmit, true);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onReturn);
      window.removeEventListener("focus", onReturn);
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("submit", onSubmit, true);
    };
  }, []);
  return null;
}
