/** `{{name}}` in a content file: a value the shop's code defines once (a fee, a number of points). */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export type PlaceholderValues = Readonly<Record<string, string>>;

/** Every placeholder a text names, in order, repeats included. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "");
}

/** The text with each placeholder filled; a name without a value fails with the file's name, never renders as is. */
export function fillPlaceholders(file: string, text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    if (!Object.hasOwn(values, name)) {
      throw new Error(`${file}: unknown placeholder {{${name}}} (known: ${Object.keys(values).sort().join(", ")})`);
    }
    return values[name] ?? "";
  });
}

/** A value placed in Markdown shows as written: characters Markdown reads as formatting are escaped. */
export function asMarkdownText(values: PlaceholderValues): PlaceholderValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, value.replace(/[\\`*_[\]<>|~]/g, (character) => `\\${character}`)]),
  );
}
