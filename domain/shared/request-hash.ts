/**
 * The `X-Request-Hash` header a GraphQL client sends with its variables and the server verifies:
 * djb2 over the printable ASCII characters of the first 1000 UTF-16 code units of the variables' JSON.
 */

const MAX_HASHED_LENGTH = 1000;
const FIRST_PRINTABLE = 32;
const LAST_PRINTABLE = 126;

export function requestHash(variables: unknown): string {
  // JSON.stringify gives undefined for a function or symbol; hash those as absent variables, like null.
  const json = JSON.stringify(variables ?? {}) ?? "{}";
  // The slice comes BEFORE the printable filter: skipped characters still count towards the 1000.
  const head = json.slice(0, MAX_HASHED_LENGTH);
  let h = 5381;
  for (let index = 0; index < head.length; index++) {
    const code = head.charCodeAt(index);
    if (code < FIRST_PRINTABLE || code > LAST_PRINTABLE) continue;
    // Math.imul keeps the product exact in 32 bits; >>> 0 brings the sum back to an unsigned 32-bit value.
    h = (Math.imul(h, 33) + code) >>> 0;
  }
  return h.toString(16);
}

export function verifyRequestHash(variables: unknown, header: string | null | undefined): boolean {
  if (header == null) return false;
  return header.toLowerCase() === requestHash(variables);
}
