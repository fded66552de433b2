import { describe, expect, it } from "vitest";
import { firstPaintDocument } from "../../app/lib/first-paint.server.ts";

const NONCE = "n0nce+/=";
const DOCUMENT = [
  '<!DOCTYPE html><html lang="en-SG"><head><meta charSet="utf-8"/><title>Kopi · 咖啡</title>',
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/root-B.js" nonce="${NONCE}"/>`,
  '<link rel="icon" href="/favicon.svg"/></head><body><main><h1>Lychee Luxe — 8 sachets</h1></main>',
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${NONCE}" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>`,
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.enqueue("</script");</script></body></html>`,
].join("");

const shaped = (html: string): string =>
  firstPaintDocument(Buffer.from(html), { stylesheet: "h1{color:teal}", nonce: NONCE }).html.toString("utf8");

describe("the document shaped for the first paint", () => {
  it("puts the stylesheet in the head and starts the scripts only from a loader", () => {
    const html = shaped(DOCUMENT);
    expect(html).toContain("<title>Kopi · 咖啡</title>");
    expect(html).toContain("<h1>Lychee Luxe — 8 sachets</h1>");
    expect(html).toContain("<style>h1{color:teal}</style></head><body><main>");
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module" async');
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
    expect(html).toContain('.enqueue("</script");</script></body></html>');
  });

  it("says where the stylesheet stands in its bytes", () => {
    const { html, stylesheetAt } = firstPaintDocument(Buffer.from(DOCUMENT), { stylesheet: "h1{color:teal}", nonce: NONCE });
    expect(stylesheetAt).not.toBeNull();
    expect(html.toString("utf8", stylesheetAt?.start, stylesheetAt?.end)).toBe("<style>h1{color:teal}</style>");
  });

  type Appended = Record<string, string>;
  type Listener = () => void;

  /**
   * The loader in a stand-in page. Timers and frames wait in a queue, earliest first; `settle`
   * runs them up to a time and returns what each task appended. Without `paint`, the page has no
   * PerformanceObserver, as in an older browser.
   */
  function loadInPage(html: string, page: { paint?: boolean; photo?: { complete: boolean } } = {}) {
    const loader = /<script nonce="([^"]+)">(\(function [\s\S]*?)<\/script><script/.exec(html);
    expect(loader?.[1]).toBe(NONCE);
    let appended: Appended[] = [];
    const append = (node: Appended) => appended.push(node);
    const queue: { at: number; callback: Listener }[] = [];
    let now = 0;
    const later = (callback: Listener, delay = 0) => queue.push({ at: now + delay, callback });
    const paintObservers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
    const photoListeners: Listener[] = [];
    const photo = page.photo && {
      ...page.photo,
      addEventListener: (_event: string, listener: Listener) => photoListeners.push(listener),
    };
    class PerformanceObserver {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"];
      constructor(callback: (typeof paintObservers)[number]) {
        paintObservers.push(callback);
      }
      observe() {}
      disconnect() {}
    }
    const document = {
      hidden: false,
      currentScript: { nonce: NONCE },
      createElement: (tag: string) => ({ tag }),
      querySelector: (selector: string) => (selector === 'img[fetchpriority="high"]' ? (photo ?? null) : null),
      head: { append },
      body: { append },
    };
    new Function("document", "requestAnimationFrame", "setTimeout", "PerformanceObserver", loader?.[2] ?? "")(
      document,
      (callback: Listener) => later(callback, 16),
      later,
      page.paint ? PerformanceObserver : undefined,
    );
    const settle = (until = Number.POSITIVE_INFINITY): Appended[][] => {
      const perTask = [appended];
      for (;;) {
        queue.sort((a, b) => a.at - b.at);
        const next = queue[0];
        if (!next || next.at > until) return perTask;
        queue.shift();
        now = next.at;
        appended = [];
        next.callback();
        perTask.push(appended);
      }
    };
    const reportPaint = (name: string) => {
      for (const observer of paintObservers) observer({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) });
    };
    const photoLoaded = () => {
      for (const listener of photoListeners) listener();
    };
    return { settle, reportPaint, photoLoaded };
  }

  const runLoader = (html: string) => loadInPage(html).settle();
  const tagsAdded = (perTask: Appended[][]) => perTask.flat().map((node) => node.tag);

  it("the loader waits for the browser to report the first contentful paint", () => {
    const page = loadInPage(shaped(DOCUMENT), { paint: true });
    expect(page.settle(2000).flat()).toEqual([]);
    page.reportPaint("first-paint");
    expect(page.settle(2000).flat()).toEqual([]);
    page.reportPaint("first-contentful-paint");
    expect(tagsAdded(page.settle(2000))).toEqual(["script", "link", "link"]);
  });

  it("the loader waits for the page's main photo as well, and starts anyway after three seconds", () => {
    const page = loadInPage(shaped(DOCUMENT), { paint: true, photo: { complete: false } });
    page.reportPaint("first-contentful-paint");
    expect(page.settle(2000).flat()).toEqual([]);
    page.photoLoaded();
    expect(tagsAdded(page.settle(2000))).toEqual(["script", "link", "link"]);

    const stuck = loadInPage(shaped(DOCUMENT), { paint: true, photo: { complete: false } });
    expect(stuck.settle(2999).flat()).toEqual([]);
    expect(tagsAdded(stuck.settle())).toEqual(["script", "link", "link"]);
  });

  it("the loader adds the module script and the preloads with the nonce once a frame has been painted", () => {
    const perTask = runLoader(shaped(DOCUMENT));
    expect(perTask[0]).toEqual([]);
    expect(perTask.flat()).toEqual([
      {
        tag: "script",
        type: "module",
        nonce: NONCE,
        textContent: 'import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");',
      },
      { tag: "link", rel: "modulepreload", href: "/assets/entry.client-A.js", nonce: NONCE },
      { tag: "link", rel: "modulepreload", href: "/assets/root-B.js", nonce: NONCE },
    ]);
  });

  it("the loader adds a page's many preloads one task each, each once and in order", () => {
    const hrefs = Array.from({ length: 11 }, (_, index) => `/assets/chunk-${index}.js`);
    const preloads = hrefs.map((href) => `<link rel="modulepreload" href="${href}" nonce="${NONCE}"/>`).join("");
    const perTask = runLoader(shaped(DOCUMENT.replace("</title>", `</title>${preloads}`)));
    const links = perTask.map((task) => task.filter((node) => node.tag === "link").map((node) => node.href));
    expect(links.flat()).toEqual([...hrefs, "/assets/entry.client-A.js", "/assets/root-B.js"]);
    expect(Math.max(...links.map((task) => task.length))).toBe(1);
  });

  it("passes a long body and what comes after the module script on byte for byte", () => {
    const filler = "<p>Passionfruit Blossom · 百香果</p>".repeat(3000);
    const long = DOCUMENT.replace("<main>", `<main>${filler}`).replace("</body>", "<p>最後</p></body>");
    const html = shaped(long);
    expect(html).toContain(`<main>${filler}<h1>`);
    expect(html.endsWith('.enqueue("</script");</script><p>最後</p></body></html>')).toBe(true);
    expect(html).not.toContain('type="module" async');
  });

  it("leaves a document without a head or scripts as it was, but for the stylesheet", () => {
    expect(shaped("<p>plain</p>")).toBe("<p>plain</p>");
    expect(shaped("<html><head></head><body>x</body></html>")).toBe(
      "<html><head><style>h1{color:teal}</style></head><body>x</body></html>",
    );
  });
});
