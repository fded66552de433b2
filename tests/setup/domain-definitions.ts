import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const DOMAIN = path.resolve(import.meta.dirname, "../../domain");

export type FoundDefinition<T> = { exportName: string; file: string; definition: T };

/**
 * Every definition of one kind under domain/, found by importing every module there (none is listed
 * by hand), and how many calls to its `define…` function are written in their sources outside the
 * file that defines it: a completeness test holds the two to each other.
 */
export async function definitionsInDomain<T>(
  isDefinition: (value: unknown) => value is T,
  define: { name: string; file: string },
): Promise<{ found: FoundDefinition<T>[]; written: number }> {
  const sources = readdirSync(DOMAIN, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .sort();
  const found: FoundDefinition<T>[] = [];
  for (const file of sources) {
    const module: Record<string, unknown> = await import(path.join(DOMAIN, file));
    for (const [exportName, value] of Object.entries(module)) {
      if (isDefinition(value)) found.push({ exportName, file, definition: value });
    }
  }
  const call = new RegExp(`${define.name}\\(`, "g");
  const written = sources
    .filter((file) => file !== define.file)
    .reduce((count, file) => count + (readFileSync(path.join(DOMAIN, file), "utf8").match(call)?.length ?? 0), 0);
  return { found, written };
}
