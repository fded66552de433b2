/**
 * What of a route module reaches the browser. React Router builds a route module for the browser
 * without its server exports (loader, action, middleware, headers), then drops the declarations and
 * imports nothing left uses. This reads the module the same way, one top-level statement at a time:
 * the source is formatted (biome), so each top-level statement starts at the beginning of a line.
 */
import { withoutComments } from "./source.ts";

/** Where route modules live: each a page with its loader and actions. */
export const ROUTE_MODULES = ["app/routes", "app/root.tsx"];

export const SERVER_EXPORTS = ["loader", "action", "middleware", "headers"];

type Statement = { text: string; name: string | null; exported: boolean; typeOnly: boolean };

const DECLARATION =
  /^(export\s+)?(?:default\s+)?(?:declare\s+)?(?:async\s+)?(function\*?|const|let|var|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/;
/** A name as code reads it: not a property (`.name`, though `...name` is read), not an attribute or a variable being set (`name=`). */
const IDENTIFIER = /(?<![\w$])(?<!(?<!\.\.)\.)[A-Za-z_$][\w$]*(?![\w$]|\s*=(?![=>]))/g;

function statementsOf(text: string): string[] {
  const statements: string[] = [];
  for (const line of text.split("\n")) {
    const startsOne = /^[^\s})\]]/.test(line);
    if (startsOne || statements.length === 0) statements.push(line);
    else statements[statements.length - 1] += `\n${line}`;
  }
  return statements;
}

/** The names a statement refers to (over-counting words in strings is harmless: it only keeps more). */
const namesIn = (code: string) => new Set(code.match(IDENTIFIER) ?? []);

/** The local names an import statement binds for values; null for an import of the module alone. */
function importedNames(statement: string): string[] | null {
  const clause = statement.match(/^import\s+([\s\S]*?)\s+from\s*["']/)?.[1];
  if (clause === undefined) return null;
  if (/^type\s/.test(clause)) return [];
  const names: string[] = [];
  const named = clause.match(/\{([\s\S]*)\}/)?.[1] ?? "";
  for (const part of named.split(",")) {
    const binding = part.trim();
    if (binding === "" || binding.startsWith("type ")) continue;
    names.push(binding.split(/\s+as\s+/).pop() as string);
  }
  for (const other of clause.replace(/\{[\s\S]*\}/, "").split(",")) {
    const name = other.trim().replace(/^\*\s+as\s+/, "");
    if (name !== "") names.push(name);
  }
  return names;
}

/** The route module's imports that stay in the browser build (its static imports and the `import()`s of the code kept), as text. */
export function browserImports(text: string): string {
  const imports: string[] = [];
  const statements: Statement[] = [];
  for (const raw of statementsOf(text)) {
    const code = withoutComments(raw).trim();
    if (code === "") continue;
    if (/^import[\s{"']/.test(code) || /^export\s+(type\s+)?[*{][\s\S]*\bfrom\s*["']/.test(code)) {
      imports.push(code);
      continue;
    }
    const match = code.match(DECLARATION);
    const kind = match?.[2];
    statements.push({
      text: code,
      name: match?.[3] ?? null,
      exported: code.startsWith("export"),
      typeOnly: kind === "type" || kind === "interface" || /^export\s+type\s/.test(code),
    });
  }
  const isServer = (statement: Statement) => statement.exported && SERVER_EXPORTS.includes(statement.name ?? "");
  const kept = new Set(statements.filter((s) => !s.typeOnly && !isServer(s) && (s.exported || s.name === null)));
  const used = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const statement of kept) for (const name of namesIn(statement.text)) used.add(name);
    for (const statement of statements) {
      if (kept.has(statement) || statement.typeOnly || isServer(statement) || !used.has(statement.name ?? "")) continue;
      kept.add(statement);
      grew = true;
    }
  }
  const lazy = [...kept].flatMap((statement) => statement.text.match(/import\(\s*["'][^"']+["']\s*\)/g) ?? []);
  const stay = imports.filter((statement) => {
    const names = importedNames(statement);
    return names === null || names.some((name) => used.has(name));
  });
  return [...stay, ...lazy].join("\n");
}
