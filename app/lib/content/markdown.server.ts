import { Marked, type RendererObject } from "marked";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

/** Links a page may carry: the shop's own paths, anchors, https, email and phone. Anything else stays text. */
const SAFE_HREF = /^(?:https:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/** A heading's anchor: its words in lower case joined by hyphens. */
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/&[a-z0-9#]+;/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

function renderer(): RendererObject {
  const used = new Map<string, number>();
  const uniqueId = (text: string) => {
    const id = headingId(text);
    const seen = used.get(id) ?? 0;
    used.set(id, seen + 1);
    return seen === 0 ? id : `${id}-${seen + 1}`;
  };
  return {
    // The pages are kept for everyone and served under a strict policy: HTML in a file shows as text.
    html: ({ text }) => escapeHtml(text),
    // The page's own heading is its h1, so the file's headings start at h2.
    heading({ tokens, depth, text }) {
      const level = Math.min(Math.max(depth, 2), 6);
      return `<h${level} id="${uniqueId(text)}">${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens);
      if (!SAFE_HREF.test(href)) return inner;
      const safeHref = escapeHtml(encodeURI(href).replace(/%25/g, "%"));
      return `<a href="${safeHref}"${title ? ` title="${escapeHtml(title)}"` : ""}>${inner}</a>`;
    },
    // Nothing is loaded from elsewhere: an image shows its description.
    image: ({ text }) => escapeHtml(text),
  };
}

/** Markdown to HTML, with raw HTML escaped, unsafe links dropped and an anchor on every heading. */
export function renderMarkdown(markdown: string): string {
  return new Marked({ gfm: true, async: false, renderer: renderer() }).parse(markdown) as string;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** The words of rendered HTML, for search. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<\/(?:p|li|h\d|td|th|tr|blockquote)>|<br\s*\/?>/g, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}
