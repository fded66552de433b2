/**
 * Shapes the streamed HTML document so the page paints from its own bytes before any JavaScript
 * runs or even loads (docs/decisions/013-first-paint-css-and-javascript.md):
 * - the stylesheet goes inline at the end of the head, so no request blocks the first paint;
 * - the module preloads and the module script React Router writes are replaced by one small
 *   script that starts them after the first frame has been painted, so hydrating (or a cached
 *   bundle) never holds the first paint back.
 * React leaves elements it did not render at the end of the head alone when it hydrates, and it
 * does not compare a script's attributes or contents, so hydration is unchanged.
 */

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/;

/**
 * Runs in the page: adds the module script and the preloads once the first frame is on screen.
 * Starting a request costs the main thread a little, and a page has a few dozen modules, so the
 * preloads go in small batches, one task each, rather than in one long task that blocks input.
 */
function startAfterFirstPaint(preloads: string[], moduleCode: string) {
  const preloadsPerTask = 4;
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
    addPreloads(preloads.slice(from, from + preloadsPerTask));
    if (from + preloadsPerTask < preloads.length) setTimeout(() => addPreloadsFrom(from + preloadsPerTask), 0);
  };
  // A hidden tab paints nothing, so it would never hydrate while waiting for a frame, and its
  // timers run at most once a second, so it starts everything at once.
  if (document.hidden) {
    addModuleScript();
    addPreloads(preloads);
  } else {
    requestAnimationFrame(() =>
      setTimeout(() => {
        addModuleScript();
        setTimeout(() => addPreloadsFrom(0), 0);
      }, 0),
    );
  }
}

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/** Rewrites a complete document head (up to and without `</head>`): preloads out, stylesheet in. */
function rewriteHead(head: string, stylesheet: string): { head: string; preloads: string[] } {
  const preloads: string[] = [];
  const rest = head.replace(MODULE_PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  return { head: `${rest}<style>${stylesheet}</style>`, preloads };
}

function deferredModuleScript(preloads: string[], moduleCode: string, nonce: string): string {
  return `<script nonce="${nonce}">(${startAfterFirstPaint.toString()})(${scriptJson(preloads)},${scriptJson(moduleCode)})</script>`;
}

/**
 * A transform for the document stream React renders. The shell arrives in one go, so holding it
 * back until the module script has passed delays nothing; later chunks (streamed data) pass as
 * they come.
 */
export function firstPaintDocument(options: { stylesheet: string; nonce: string }): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  let preloads: string[] | null = null;
  let done = false;
  return new TransformStream({
    transform(chunk, controller) {
      const text = decoder.decode(chunk, { stream: true });
      if (done) {
        if (text) controller.enqueue(encoder.encode(text));
        return;
      }
      pending += text;
      if (preloads === null) {
        const headEnd = pending.indexOf(HEAD_END);
        if (headEnd === -1) return;
        const rewritten = rewriteHead(pending.slice(0, headEnd), options.stylesheet);
        preloads = rewritten.preloads;
        controller.enqueue(encoder.encode(rewritten.head));
        pending = pending.slice(headEnd);
      }
      const script = MODULE_SCRIPT.exec(pending);
      if (!script) return;
      const replaced = deferredModuleScript(preloads, script[1] ?? "", options.nonce);
      controller.enqueue(
        encoder.encode(`${pending.slice(0, script.index)}${replaced}${pending.slice(script.index + script[0].length)}`),
      );
      pending = "";
      done = true;
    },
    flush(controller) {
      const rest = pending + decoder.decode();
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}
