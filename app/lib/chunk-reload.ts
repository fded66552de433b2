/** How long after a reload for a failed chunk another one is refused (SPEC.md §9), so a broken deploy never loops. */
export const RELOAD_GUARD_MS = 10_000;
/** Where the time of that reload is kept: session storage, which survives the reload of this tab only. */
export const RELOAD_GUARD_KEY = "chunk-reload-at";

type Listener = (event: { target?: unknown; reason?: unknown; preventDefault?: () => void }) => void;
export type ChunkFailureWindow = {
  addEventListener(type: string, listener: Listener, capture?: boolean): void;
  sessionStorage: Pick<Storage, "getItem" | "setItem">;
  location: { reload(): void };
};

/**
 * Runs in the page before any module script (as an inline script, so it must use nothing from
 * outside): when a chunk of the app fails to load (a module script, a dynamic import, Vite's preload),
 * it reloads the page once, unless it already did less than `guardMs` ago. The page then stays as the
 * server rendered it, which works as plain HTML. Without session storage it never reloads, as it could
 * not tell the second failure from the first.
 */
export function watchChunkFailures(win: ChunkFailureWindow, guardMs: number, key: string, now: () => number): void {
  const chunkError =
    /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload/i;
  const reloadOnce = () => {
    try {
      const last = Number(win.sessionStorage.getItem(key));
      const at = now();
      if (last > 0 && at >= last && at - last < guardMs) {
        console.warn("A part of the page failed to load again; not reloading so soon.");
        return;
      }
      win.sessionStorage.setItem(key, String(at));
    } catch {
      return;
    }
    win.location.reload();
  };
  win.addEventListener("vite:preloadError", (event) => {
    event.preventDefault?.();
    reloadOnce();
  });
  win.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason as { message?: unknown } | null;
    if (chunkError.test(String(reason?.message ?? reason))) reloadOnce();
  });
  // A module script whose imports fail to load fires "error" on the script element, which does not bubble.
  win.addEventListener(
    "error",
    (event) => {
      const target = event.target as { tagName?: string; type?: string } | null;
      if (target?.tagName === "SCRIPT" && target.type === "module") reloadOnce();
    },
    true,
  );
}

/** The inline script that starts the watch in the page. */
export const CHUNK_RELOAD_SCRIPT = `(${watchChunkFailures.toString()})(window,${RELOAD_GUARD_MS},${JSON.stringify(RELOAD_GUARD_KEY)},Date.now)`;
