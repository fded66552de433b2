/** A content file's fields (the `key: value` lines between `---` lines at its top) and its Markdown body. */
export type ContentSource = { fields: Record<string, string>; body: string };

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
const FIELD = /^([a-zA-Z][\w-]*):\s*(.*)$/;

/**
 * Splits a content file into its fields and its body. Only plain `key: value` lines are fields, so
 * a merchant's typo fails here with the file's name instead of becoming a page that says nothing.
 */
export function parseFrontMatter(file: string, text: string): ContentSource {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`${file}: starts without its "---" block of title and description`);
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const field = FIELD.exec(line);
    if (!field?.[1]) throw new Error(`${file}: "${line}" is not a "name: value" line`);
    fields[field[1]] = (field[2] ?? "").trim();
  }
  return { fields, body: text.slice(match[0].length) };
}

/** The fields a kind of content file must have; any other field is a typo and fails the file. */
export function requireFields<K extends string>(
  file: string,
  fields: Record<string, string>,
  names: readonly K[],
): Record<K, string> {
  const unknown = Object.keys(fields).filter((name) => !(names as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`${file}: unknown field ${unknown.join(", ")} (expected ${names.join(", ")})`);
  const result = {} as Record<K, string>;
  for (const name of names) {
    const value = fields[name];
    if (!value) throw new Error(`${file}: the field "${name}" is missing or empty`);
    result[name] = value;
  }
  return result;
}
