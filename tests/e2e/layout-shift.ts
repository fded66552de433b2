import type { Page } from "@playwright/test";

/**
 * The layout shifts the page has had since it started loading, each described by its score and
 * what moved from where to where, so a failing test says what moved. None is an empty list.
 */
export async function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        type Rect = { x: number; y: number; width: number; height: number };
        type Shift = { value: number; sources?: { node?: Node; previousRect: Rect; currentRect: Rect }[] };
        const box = ({ x, y, width, height }: Rect) => `${x},${y} ${width}x${height}`;
        const named = (node?: Node) =>
          node instanceof Element ? `<${node.localName} class="${node.getAttribute("class") ?? ""}">` : String(node?.nodeName);
        const shifts: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Shift[]) {
            const moved = (entry.sources ?? []).map((s) => `${named(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`);
            shifts.push(`${entry.value}: ${moved.join("; ")}`);
          }
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(shifts)));
      }),
  );
}
