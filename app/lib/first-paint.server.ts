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

const encoder = new TextEncoder();
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
let styleElement: { stylesheet: string; bytes: Uint8Array } | null = null;
function styleBytes(stylesheet: string): Uint8Array {
  if (styleElement?.stylesheet !== stylesheet)
    styleElement = { stylesheet, bytes: encoder.encode(`<style>${stylesheet}</style>`) };
  return styleElement.bytes;
}

function deferredModuleScript(preloads: string[], moduleCode: string, nonce: string): string {
  return `<script nonce="${nonce}">${LOADER}(${scriptJson(preloads)},${scriptJson(moduleCode)})</script>`;
}

type Found = { start: number; end: number; code: string };

/**
 * The module script in `html` (bytes), looked for from `from` on: where it starts and ends and its
 * code; "partial" when it has begun but not yet ended, null when it is not there (yet).
 */
function findModuleScript(html: Buffer, from: number): Found | "partial" | null {
  for (let at = html.indexOf(MODULE_TYPE, from); at !== -1; at = html.indexOf(MODULE_TYPE, at + 1)) {
    const start = html.lastIndexOf(SCRIPT_START, at);
    if (start === -1) continue;
    const close = html.indexOf(SCRIPT_END, at);
    if (close === -1) return "partial";
    const end = close + SCRIPT_END.length;
    const script = MODULE_SCRIPT.exec(html.toString("utf8", start, end));
    if (script?.index === 0) return { start, end, code: script[1] ?? "" };
  }
  return null;
}

/** Bytes appended chunk by chunk into one buffer that grows by doubling, so holding the shell copies it about once. */
function byteStore() {
  let bytes = Buffer.allocUnsafe(64 * 1024);
  let length = 0;
  return {
    append(chunk: Uint8Array): void {
      if (length + chunk.byteLength > bytes.length) {
        const larger = Buffer.allocUnsafe(Math.max(bytes.length * 2, length + chunk.byteLength));
        bytes.copy(larger, 0, 0, length);
        bytes = larger;
      }
      bytes.set(chunk, length);
      length += chunk.byteLength;
    },
    /** What is held, from `start`: a view, valid until the next append. */
    view: (start = 0): Buffer => bytes.subarray(start, length),
  };
}

/**
 * A transform for the document stream React renders. The shell arrives in one go, so holding it
 * back until the module script has passed delays nothing; later chunks (streamed data) pass as
 * they come. It works on the bytes: only the head and the module script are read as text.
 */
export function firstPaintDocument(options: { stylesheet: string; nonce: string }): TransformStream<Uint8Array, Uint8Array> {
  const held = byteStore();
  // Where the body starts in what is held, once the head has been sent.
  let bodyStart = -1;
  // Where the marker looked for may still begin: the bytes before were looked through already.
  let lookFrom = 0;
  let preloads: string[] = [];
  let done = false;
  const send = (controller: TransformStreamDefaultController<Uint8Array>, bytes: Uint8Array) => {
    if (bytes.byteLength > 0) controller.enqueue(bytes);
  };
  return new TransformStream({
    transform(chunk, controller) {
      if (done) {
        send(controller, chunk);
        return;
      }
      held.append(chunk);
      if (bodyStart === -1) {
        const headEnd = held.view().indexOf(HEAD_END, lookFrom);
        if (headEnd === -1) {
          lookFrom = Math.max(0, held.view().length - HEAD_END.length);
          return;
        }
        const rewritten = rewriteHead(held.view().toString("utf8", 0, headEnd));
        preloads = rewritten.preloads;
        send(controller, encoder.encode(rewritten.head));
        send(controller, styleBytes(options.stylesheet));
        bodyStart = headEnd;
        lookFrom = 0;
      }
      const body = held.view(bodyStart);
      const script = findModuleScript(body, lookFrom);
      if (script === null || script === "partial") {
        if (script === null) lookFrom = Math.max(lookFrom, body.length - MODULE_TYPE.length);
        return;
      }
      // Nothing is appended once done, so these views of the held bytes stay as they are.
      send(controller, body.subarray(0, script.start));
      send(controller, encoder.encode(deferredModuleScript(preloads, script.code, options.nonce)));
      send(controller, body.subarray(script.end));
      done = true;
    },
    flush(controller) {
      if (!done) send(controller, held.view(Math.max(bodyStart, 0)));
    },
  });
}
