import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_SCRIPT, RELOAD_GUARD_KEY, RELOAD_GUARD_MS, watchChunkFailures } from "../../app/lib/chunk-reload.ts";

type Listener = Parameters<Parameters<typeof watchChunkFailures>[0]["addEventListener"]>[1];

/** A page as far as the watch sees it: its listeners, its session storage and its reloads. */
function page(storage: Map<string, string> | null = new Map()) {
  const listeners = new Map<string, Listener>();
  const clock = { now: 1_000_000 };
  let reloads = 0;
  watchChunkFailures(
    {
      addEventListener: (type, listener) => listeners.set(type, listener),
      sessionStorage: {
        getItem: (key) => {
          if (!storage) throw new DOMException("blocked", "SecurityError");
          return storage.get(key) ?? null;
        },
        setItem: (key, value) => {
          if (!storage) throw new DOMException("blocked", "SecurityError");
          storage.set(key, value);
        },
      },
      location: { reload: () => reloads++ },
    },
    RELOAD_GUARD_MS,
    RELOAD_GUARD_KEY,
    () => clock.now,
  );
  const fire = (type: string, event: Parameters<Listener>[0]) => listeners.get(type)?.(event);
  const failedModuleScript = () => fire("error", { target: { tagName: "SCRIPT", type: "module" } });
  return { fire, failedModuleScript, clock, reloads: () => reloads };
}

describe("a chunk that fails to load", () => {
  it("reloads the page once, and not again within 10 seconds", () => {
    const storage = new Map<string, string>();
    const first = page(storage);
    first.failedModuleScript();
    expect(first.reloads()).toBe(1);

    // The reloaded page fails the same way: the guard, kept in session storage, holds.
    const second = page(storage);
    second.clock.now = first.clock.now + RELOAD_GUARD_MS - 1;
    second.failedModuleScript();
    expect(second.reloads()).toBe(0);
  });

  it("reloads again once the 10 seconds are over", () => {
    const storage = new Map<string, string>();
    page(storage).failedModuleScript();
    const later = page(storage);
    later.clock.now += RELOAD_GUARD_MS;
    later.failedModuleScript();
    expect(later.reloads()).toBe(1);
  });

  it("is told by Vite's preload error, a failed dynamic import, or a module script", () => {
    let prevented = false;
    const vite = page();
    vite.fire("vite:preloadError", { preventDefault: () => (prevented = true) });
    expect([vite.reloads(), prevented]).toEqual([1, true]);

    const imported = page();
    imported.fire("unhandledrejection", {
      reason: new TypeError("Failed to fetch dynamically imported module: https://shop.example/assets/shop-x.js"),
    });
    expect(imported.reloads()).toBe(1);

    const safari = page();
    safari.fire("unhandledrejection", { reason: new TypeError("Importing a module script failed.") });
    expect(safari.reloads()).toBe(1);
  });

  it("leaves other errors alone", () => {
    const other = page();
    other.fire("unhandledrejection", { reason: new Error("Something else") });
    other.fire("error", { target: { tagName: "IMG" } });
    other.fire("error", { target: { tagName: "SCRIPT", type: "" } });
    expect(other.reloads()).toBe(0);
  });

  it("never reloads without session storage, which could not stop a loop", () => {
    const blocked = page(null);
    blocked.failedModuleScript();
    expect(blocked.reloads()).toBe(0);
  });

  it("does not trust a stored time from the future", () => {
    const storage = new Map([[RELOAD_GUARD_KEY, String(10_000_000)]]);
    const skewed = page(storage);
    skewed.failedModuleScript();
    expect(skewed.reloads()).toBe(1);
  });

  it("goes into the page as a script that stands on its own", () => {
    expect(CHUNK_RELOAD_SCRIPT).toContain(`${RELOAD_GUARD_MS},"${RELOAD_GUARD_KEY}",Date.now)`);
    expect(() => new Function(CHUNK_RELOAD_SCRIPT)).not.toThrow();
  });
});
