/** Reading the shop's source for the boundary checks: its files, their text and their imports. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One import or re-export of a file: as written, the repository path it names (relative ones only) and whether only types come. */
export type Import = { file: string; specifier: string; target: string | null; typeOnly: boolean };

const IMPORT =
  /(import|export)\s+(type\s+)?[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

/** The TypeScript files under a top-level folder, as repository paths (`app/root.tsx`). */
export function sourceFiles(root: string, folder: string): string[] {
  return walk(path.join(root, folder))
    .map((full) => repoPath(root, full))
    .sort();
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith("+") ? [] : walk(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function repoPath(root: string, full: string): string {
  return path.relative(root, full).split(path.sep).join("/");
}

export function readSource(root: string, file: string): string {
  return readFileSync(path.join(root, file), "utf8");
}

/** Every import in a text (a file's or a part of it), relative ones resolved to repository paths. */
export function importsIn(root: string, file: string, text: string): Import[] {
  return [...text.matchAll(IMPORT)].map((match) => {
    const specifier = match[3] ?? match[4] ?? match[5] ?? "";
    const target = specifier.startsWith(".") ? repoPath(root, path.resolve(root, path.dirname(file), specifier)) : null;
    return { file, specifier, target, typeOnly: match[2] !== undefined };
  });
}

export function under(file: string, place: string): boolean {
  return file === place || file.startsWith(`${place}/`);
}

/** The text without its comments (a `//` just after `:` or a quote is taken for part of an address). */
export const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/** The code with its strings emptied, so that text about code (a planted file in a test) is not taken for code. */
export const withoutStrings = (code: string) => code.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""');
