/**
 * Files stay short enough to read in one sitting (decision 052): a page's route module at most 250
 * lines, every other file of the layers and of scripts/ at most 300. tests/ and bench/ are not held.
 */
import { ROUTE_MODULES } from "./route-module.ts";
import { readSource, sourceFiles, under } from "./source.ts";

export const LINE_BUDGETS = { route: 250, file: 300 } as const;

export function lineCount(text: string): number {
  if (text === "") return 0;
  const lines = text.split("\n").length;
  return text.endsWith("\n") ? lines - 1 : lines;
}

/** Each file over its budget, with its length and the budget. */
export function findOverlongFiles(root: string, folders: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    sourceFiles(root, folder).flatMap((file) => {
      const lines = lineCount(readSource(root, file));
      const isRoute = ROUTE_MODULES.some((place) => under(file, place));
      const budget = isRoute ? LINE_BUDGETS.route : LINE_BUDGETS.file;
      if (lines <= budget) return [];
      const kind = isRoute ? "route modules" : "files";
      return [`${file} has ${lines} lines (rule: ${kind} have at most ${budget} lines)`];
    }),
  );
}
