import type { AppBuild } from "./app-build.ts";

/** Where a page asks which build the shop serves now (no-store, answered before the session). */
export const BUILD_PATH = "/api/build";

export const BUILD_CHECK_TIMINGS = {
  /** The first check, about a second after the page starts (SPEC.md §9). */
  firstMs: 1000,
  /** Then on a timer... */
  everyMs: 5 * 60_000,
  /** ...and whenever the tab comes back, but not more often than this. */
  minGapMs: 60_000,
} as const;

type Connection = { effectiveType?: string; saveData?: boolean };

/** A very slow or data-saving connection skips the check at start, when the page's own bytes matter most. */
export function isSlowConnection(connection: Connection | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === "slow-2g" || connection.effectiveType === "2g";
}

function isAppBuild(value: unknown): value is AppBuild {
  const build = value as Partial<AppBuild> | null;
  return typeof build?.id === "string" && typeof build.builtAt === "string" && !Number.isNaN(Date.parse(build.builtAt));
}

/**
 * The server runs a newer build than the page: another build, built later. A process still on an
 * older build during a rolling deploy is not a reason to load the page again.
 */
export function isNewerBuild(running: AppBuild, current: unknown): boolean {
  return isAppBuild(current) && current.id !== running.id && Date.parse(current.builtAt) > Date.parse(running.builtAt);
}

export type BuildChecker = { check: () => Promise<void> };

/**
 * Asks for the current build at most once per `minGapMs` (the first check always asks) and calls
 * `onNewer` once, when a newer build is out. A failed request is tried again at the next check.
 */
export function buildChecker(options: {
  running: AppBuild;
  fetchBuild: () => Promise<unknown>;
  now: () => number;
  onNewer: () => void;
}): BuildChecker {
  let lastAskedAt: number | null = null;
  let found = false;
  return {
    async check() {
      const now = options.now();
      if (found || (lastAskedAt !== null && now - lastAskedAt < BUILD_CHECK_TIMINGS.minGapMs)) return;
      lastAskedAt = now;
      let current: unknown;
      try {
        current = await options.fetchBuild();
      } catch {
        return;
      }
      if (found || !isNewerBuild(options.running, current)) return;
      found = true;
      options.onNewer();
    },
  };
}

type Anchor = { href: string; target: string; hasAttribute(name: string): boolean };
type Click = {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
};

/**
 * A link click the browser should follow itself, as a full page load, once a newer build is out:
 * a plain left click on a link to this site that the router would otherwise take in the page.
 */
export function isPageLinkClick(click: Click, anchor: Anchor | null, origin: string): boolean {
  if (!anchor || click.defaultPrevented || click.button !== 0) return false;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return false;
  return new URL(anchor.href, origin).origin === origin;
}

/** A GET form to this site: submitting it natively is the same request as a full page load. */
export function isPageFormSubmit(
  form: { method: string | null; action: string | null; target: string | null },
  pageUrl: string,
): boolean {
  if ((form.method ?? "get").toLowerCase() !== "get" || (form.target && form.target !== "_self")) return false;
  return new URL(form.action ?? "", pageUrl).origin === new URL(pageUrl).origin;
}
