/**
 * Server-only modules never reach the browser (decision 052). A module is server-only when it takes
 * values from `node:*`, `db/` or an integration that is not a port. Browser code is every app/ module
 * not named `.server.ts(x)`, a route module without its server exports (route-module.ts), and what
 * their value imports lead to, whatever a bundler's tree-shaking would later drop. A server-only
 * module there is refused unless it is named `.server.ts(x)`, which React Router's build keeps out of
 * the browser (and refuses when browser code still uses it).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { browserImports, ROUTE_MODULES } from "./route-module.ts";
import { type Import, importsIn, readSource, sourceFiles, under } from "./source.ts";

const isServerNamed = (file: string) => /\.server\.tsx?$/.test(file);

/** Why a module is server-only: the first value import of node:*, db/ or an integration that is not a port. */
function serverOnlyImport(imports: readonly Import[], ports: readonly string[]): Import | undefined {
  return imports.find(
    ({ specifier, target, typeOnly }) =>
      !typeOnly &&
      (specifier.startsWith("node:") ||
        (target !== null && (under(target, "db") || (under(target, "integrations") && !ports.includes(target))))),
  );
}

/** Each server-only module browser code reaches, with the shortest way it does from an app/ module. */
export function findServerModulesInBrowser(root: string, ports: readonly string[]): string[] {
  const starts = sourceFiles(root, "app").filter((file) => !isServerNamed(file));
  const cameFrom = new Map<string, string | null>(starts.map((file) => [file, null]));
  const queue = [...starts];
  const problems: string[] = [];
  for (let index = 0; index < queue.length; index++) {
    const file = queue[index] as string;
    const text = readSource(root, file);
    const isRoute = ROUTE_MODULES.some((place) => under(file, place));
    const imports = importsIn(root, file, isRoute ? browserImports(text) : text);
    const culprit = serverOnlyImport(imports, ports);
    if (culprit) {
      const way = [file];
      for (let from = cameFrom.get(file); from; from = cameFrom.get(from)) way.unshift(from);
      problems.push(
        `${file} imports ${culprit.specifier} and browser code reaches it: ${way.join(" → ")} ` +
          "(rule: a module taking values from node:*, db/ or an integration that is not a port is named .server.ts or kept from browser code)",
      );
      continue;
    }
    for (const { target, typeOnly } of imports) {
      if (typeOnly || target === null || cameFrom.has(target) || isServerNamed(target)) continue;
      if (!/\.tsx?$/.test(target) || !existsSync(path.join(root, target))) continue;
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  return problems;
}
