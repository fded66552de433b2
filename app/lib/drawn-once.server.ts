import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** Drawings are per flavour and shape: a catalogue has dozens. Past this, the oldest go. */
const MOST_KEPT = 500;
const drawn = new Map<string, string>();

/** The markup of a drawing named by `key`, rendered the first time it is asked for (see DrawnOnce). */
export function drawnOnce(key: string, drawing: ReactElement): string {
  let markup = drawn.get(key);
  if (markup === undefined) {
    markup = renderToStaticMarkup(drawing);
    if (drawn.size >= MOST_KEPT) drawn.delete(drawn.keys().next().value as string);
    drawn.set(key, markup);
  }
  return markup;
}
