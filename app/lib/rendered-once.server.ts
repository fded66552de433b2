import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";

/** Parts are per drawing, per footer and per grid of cards: a catalogue has dozens. Past this, the oldest go. */
const MOST_KEPT = 500;
const rendered = new Map<string, string>();

/**
 * The markup of a part named by `key`, rendered the first time it is asked for (see RenderedOnce).
 * It is rendered as the page's own render would: text nodes keep the separators hydration reads, and
 * its links resolve as in any page (a part's links are to whole paths, so where it stands does not
 * change them).
 */
export function renderedOnce(key: string, part: ReactElement, inSvg: boolean): string {
  let markup = rendered.get(key);
  if (markup === undefined) {
    markup = inSvg ? withinSvg(part) : renderToString(createElement(MemoryRouter, null, part));
    if (rendered.size >= MOST_KEPT) rendered.delete(rendered.keys().next().value as string);
    rendered.set(key, markup);
  }
  return markup;
}

const SVG_START = "<svg>";
const SVG_END = "</svg>";

/** Drawing elements rendered where they stand in a page, inside an `<svg>`, which is then left out. */
function withinSvg(part: ReactElement): string {
  const markup = renderToString(createElement("svg", null, part));
  return markup.slice(SVG_START.length, -SVG_END.length);
}
