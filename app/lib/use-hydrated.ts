import { useSyncExternalStore } from "react";

const never = () => () => {};

/** False while the server renders and the page hydrates, true after: for what works only with scripts. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
