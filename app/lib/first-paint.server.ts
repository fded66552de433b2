/**
 * Shapes the HTML document so the page paints from its own bytes before any JavaScript
 * runs or even loads (docs/decisions/013-first-paint-css-and-javascript.md):
 * - the stylesheet goes inline at the end of the head, so no request blocks the first paint;
 * - the module preloads and the module script React Router writes are replaced by one small
 *   script that starts them once the first paint has been reported, so hydrating (or a cached
 *   bundle) never holds the first paint back.
 * React leaves elements it did not render at the end of the head alone when it hydrates, and it
 * does not compare a script's attributes or contents, so hydration is unchanged.
 */

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/;

/**
 * Runs in the page: adds the module script and the preloads once the browser has reported the
 * first contentful paint and the page's main photo (when it has one) has loaded. A frame
 * callback alone fires before the frame is presented, and scripts from a near server could then
 * load and run before the paint and hold it back.
 * Starting a module preload costs the main thread about 3 ms on this shop's slowest measured
 * machine (four times that on a slow phone), and a page has a dozen or more, so each goes in a task
 * of its own rather than in a longer one that blocks input.
 */
function startAfterFirstPaint(preloads: string[], moduleCode: string) {
  const longestWaitMs = 3000;
  const nonce = (document.currentScript as HTMLScriptElement).nonce;
  const addModuleScript = () => {
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = moduleCode;
    document.body.append(script);
  };
  const addPreloads = (hrefs: string[]) => {
    for (const href of hrefs) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.nonce = nonce;
      document.head.append(link);
    }
  };
  const addPreloadsFrom = (from: number) => {
    addPreloads(preloads.slice(from, from + 1));
    if (from + 1 < preloads.length) setTimeout(() => addPreloadsFrom(from + 1), 0);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    addModuleScript();
    setTimeout(() => addPreloadsFrom(0), 0);
  };
  const afterNextFrame = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));
  const afterMainPhoto = (then: () => void) => {
    const photo = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    if (!photo || photo.complete) return then();
    const afterItsFrame = () => afterNextFrame(then);
    photo.addEventListener("load", afterItsFrame, { once: true });
    photo.addEventListener("error", afterItsFrame, { once: true });
  };
  const afterFirstPaintReported = (then: () => void) => {
    if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      return afterNextFrame(then);
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: "paint", buffered: true });
  };
  // A hidden tab paints nothing, so it would never hydrate while waiting for a paint, and its
  // timers run at most once a second, so it starts everything at once.
  if (document.hidden) {
    addModuleScript();
    addPreloads(preloads);
    return;
  }
  // The paint is reported once it is on screen: the scripts can start at once, unless the main
  // photo is still coming, whose frame they wait for.
  afterFirstPaintReported(() => afterMainPhoto(start));
  setTimeout(start, longestWaitMs);
}

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

const LOADER = `(${startAfterFirstPaint.toString()})`;
const MODULE_TYPE = 'type="module"';
const SCRIPT_START = "<script";
const SCRIPT_END = "</script>";

/** Removes the preloads from a complete document head (up to and without `</head>`). */
function rewriteHead(head: string): { head: string; preloads: string[] } {
  const preloads: string[] = [];
  const rest = head.replace(MODULE_PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  return { head: rest, preloads };
}

/** `<style>…</style>`, encoded once: every page carries the same stylesheet. */
let styleElement: { stylesheet: string; bytes: Buffer } | null = null;
function styleBytes(stylesheet: string): Buffer {
  if (styleElement?.stylesheet !== stylesheet) styleElement = { stylesheet, bytes: Buffer.from(`<style>${stylesheet}</style>`) };
  return styleElement.bytes;
}

function deferredModuleScript(preloads: string[], moduleCode: string, nonce: string): string {
  return `<script nonce="${nonce}">${LOADER}(${scriptJson(preloads)},${scriptJson(moduleCode)})</script>`;
}

type Found = { start: number; end: number; code: string };

/** The module script in `html` (bytes): where it starts and ends and its code; null when there is none. */
function findModuleScript(html: Buffer): Found | null {
  for (let at = html.indexOf(MODULE_TYPE); at !== -1; at = html.indexOf(MODULE_TYPE, at + 1)) {
    const start = html.lastIndexOf(SCRIPT_START, at);
    if (start === -1) continue;
    const close = html.indexOf(SCRIPT_END, at);
    if (close === -1) return null;
    const end = close + SCRIPT_END.length;
    const script = MODULE_SCRIPT.exec(html.toString("utf8", start, end));
    if (script?.index === 0) return { start, end, code: script[1] ?? "" };
  }
  return null;
}

/** A document shaped for the first paint, and where its stylesheet stands: the same bytes in every page. */
export type FirstPaintDocument = { html: Buffer<ArrayBuffer>; stylesheetAt: { start: number; end: number } | null };

/**
 * The whole document React rendered, shaped for the first paint. It works on the bytes: only the
 * head and the module script are read as text.
 */
export function firstPaintDocument(
  html: Buffer<ArrayBuffer>,
  options: { stylesheet: string; nonce: string },
): FirstPaintDocument {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return { html, stylesheetAt: null };
  const { head, preloads } = rewriteHead(html.toString("utf8", 0, headEnd));
  const body = html.subarray(headEnd);
  const script = findModuleScript(body);
  const headBytes = Buffer.from(head);
  const style = styleBytes(options.stylesheet);
  const parts = [headBytes, style];
  if (script) {
    parts.push(body.subarray(0, script.start), Buffer.from(deferredModuleScript(preloads, script.code, options.nonce)));
    parts.push(body.subarray(script.end));
  } else parts.push(body);
  return {
    html: Buffer.concat(parts),
    stylesheetAt: { start: headBytes.length, end: headBytes.length + style.length },
  };
}
