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
  firstPaintDocument(Buffer.from(html), { stylesheet: "h1{color:teal}", nonce: NONCE }).toString("utf8");

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

  /** Runs the loader in a stand-in page and returns what each task (frame or timer) appended. */
  function runLoader(html: string): Record<string, string>[][] {
    const loader = /<script nonce="([^"]+)">(\(function [\s\S]*?)<\/script><script/.exec(html);
    expect(loader?.[1]).toBe(NONCE);
    let appended: Record<string, string>[] = [];
    const append = (node: Record<string, string>) => appended.push(node);
    const tasks: (() => void)[] = [];
    const page = {
      document: {
        hidden: false,
        currentScript: { nonce: NONCE },
        createElement: (tag: string) => ({ tag }),
        head: { append },
        body: { append },
      },
      requestAnimationFrame: (callback: () => void) => tasks.push(callback),
      setTimeout: (callback: () => void) => tasks.push(callback),
    };
    new Function("document", "requestAnimationFrame", "setTimeout", loader?.[2] ?? "")(
      page.document,
      page.requestAnimationFrame,
      page.setTimeout,
    );
    const perTask = [appended];
    while (tasks.length > 0) {
      appended = [];
      tasks.shift()?.();
      perTask.push(appended);
    }
    return perTask;
  }

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

  it("the loader adds a page's many preloads a few at a time, each once and in order", () => {
    const hrefs = Array.from({ length: 11 }, (_, index) => `/assets/chunk-${index}.js`);
    const preloads = hrefs.map((href) => `<link rel="modulepreload" href="${href}" nonce="${NONCE}"/>`).join("");
    const perTask = runLoader(shaped(DOCUMENT.replace("</title>", `</title>${preloads}`)));
    const links = perTask.map((task) => task.filter((node) => node.tag === "link").map((node) => node.href));
    expect(links.flat()).toEqual([...hrefs, "/assets/entry.client-A.js", "/assets/root-B.js"]);
    expect(Math.max(...links.map((task) => task.length))).toBe(4);
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
