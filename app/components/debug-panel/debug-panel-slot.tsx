import { lazy, Suspense } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";

const DebugPanel = lazy(() => import("./debug-panel.tsx"));

/**
 * Where the debug panel goes on every page: its code loads only in debug mode and only in the
 * browser, once the page has hydrated, so pages outside debug mode carry none of it.
 */
export function DebugPanelSlot({ debug }: { debug: boolean }) {
  const hydrated = useHydrated();
  if (!debug || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <DebugPanel />
    </Suspense>
  );
}
