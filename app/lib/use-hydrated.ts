import { startTransition, useEffect, useState } from "react";

/** Set by the first hydration: parts mounted after it (a client navigation) start hydrated. */
let hydratedOnce = false;

/**
 * False while the server renders and the page hydrates, true after: for what works only with scripts.
 * The render that turns it true is a transition, which React slices into short tasks; a store read
 * with useSyncExternalStore would re-render the page in one blocking task right after hydration.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    if (hydrated) return;
    hydratedOnce = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
