/** `text` for a LIKE pattern: its `%`, `_` and `\` match only themselves. */
export function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A LIKE pattern matching text that contains `query` as typed. */
export const containing = (query: string) => `%${likeEscaped(query)}%`;
