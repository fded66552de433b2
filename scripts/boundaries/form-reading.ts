/**
 * A form is read one way and its input parsed once (decision 052): the request's form is read only by
 * `readForm` (app/lib/action-result.server.ts), a page hands its fields raw to the operation through
 * `formInput` (app/lib/form-input.server.ts), and the operation parses them by its own schema. So no
 * other module of app/ reads a request's form, imports `parseInput`, or parses an operation's input
 * schema (a name ending in `Input`) with `.parse` or `.safeParse`.
 */
import { readSource, sourceFiles, withoutComments, withoutStrings } from "./source.ts";

export const FORM_READER = "app/lib/action-result.server.ts";

const RULES: readonly { pattern: RegExp; allowedIn?: string; rule: string }[] = [
  {
    pattern: /\.formData\(\)/,
    allowedIn: FORM_READER,
    rule: `reads a request's form itself (rule: forms are read by readForm in ${FORM_READER})`,
  },
  {
    pattern: /\bparseInput\b/,
    rule: "parses an operation's input itself (rule: the page hands formInput's raw fields on and the operation parses once)",
  },
  {
    pattern: /\b\w+Input\s*(?:\.\s*\w+\s*\([^)]*\))*\s*\.\s*(?:safeParse|parse|parseAsync|safeParseAsync)\s*\(/,
    rule: "parses an operation's input schema itself (rule: the page hands formInput's raw fields on and the operation parses once)",
  },
];

/** Each app/ module that reads a form or parses an operation's input outside the one way. */
export function findSecondFormReaders(root: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(root, "app")) {
    const code = withoutStrings(withoutComments(readSource(root, file)));
    for (const { pattern, allowedIn, rule } of RULES) {
      if (file !== allowedIn && pattern.test(code)) problems.push(`${file} ${rule}`);
    }
  }
  return problems;
}
