/**
 * Numbers and lists that state one of the shop's rules are declared once, in their home module
 * (decision 052). Elsewhere no file declares a constant of the same name, and the layers and
 * scripts/ do not spell the value out again: a product of numbers worth an hour or a day, or a list
 * of strings with the same members as a listed one.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { DAY_MS, HOUR_MS } from "../../kernel/singapore-time.ts";
import { readSource, sourceFiles, withoutComments, withoutStrings } from "./source.ts";

/** A constant and its home; `ms` is its length for a duration, whose equivalent products are refused. */
export type Constant = { name: string; home: string; ms?: number };

const TIME = "kernel/singapore-time.ts";
const ORDER = "kernel/order-statuses.ts";

export const CONSTANTS: readonly Constant[] = [
  { name: "MINUTE_MS", home: TIME },
  { name: "HOUR_MS", home: TIME, ms: HOUR_MS },
  { name: "DAY_MS", home: TIME, ms: DAY_MS },
  { name: "SINGAPORE_OFFSET_MS", home: TIME },
  { name: "ORDER_STATES", home: ORDER },
  { name: "ORDER_STATUSES", home: ORDER },
  { name: "KEPT_ORDER_STATUSES", home: ORDER },
  { name: "SALE_ORDER_STATUSES", home: ORDER },
  { name: "REFERRAL_STATES", home: "kernel/referral-states.ts" },
  { name: "REVIEW_STATUSES", home: "kernel/review-statuses.ts" },
  { name: "MEMBER_EMAIL_KINDS", home: "kernel/member-email-kinds.ts" },
  { name: "SHOP_EMAIL_KINDS", home: "db/schema/email-outbox.ts" },
  { name: "STAFF_EMAIL_KINDS", home: "db/schema/email-outbox.ts" },
  { name: "NEWSLETTER_STATUSES", home: "db/schema/newsletter.ts" },
];

const declaration = (name: string) => new RegExp(`\\b(?:const|let|var)\\s+${name}\\b`);

/** A list of two or more string literals, as `[...]` spells it. */
const STRING_LIST = /\[\s*(?:"[^"\n]*"\s*,\s*)+"[^"\n]*"\s*,?\s*\]/g;

/** Numbers (and the duration constants) multiplied together: `2 * 24 * 60 * 60 * 1000`, `24 * HOUR_MS`. */
const FACTOR = String.raw`(?:\b\d[\d_]*(?:e\d+)?\b|\b[A-Z_]+_MS\b)`;
const PRODUCT = new RegExp(`${FACTOR}(?:\\s*\\*\\s*${FACTOR})*`, "g");

const stringsOf = (list: string) => [...list.matchAll(/"([^"\n]*)"/g)].map((match) => match[1] as string);

/** The members of the list a home declares for the constant, or null when it declares none there. */
function listAt(text: string, name: string): string[] | null {
  const start = text.search(declaration(name));
  if (start < 0) return null;
  const list = text.slice(start).match(/^[^=]*=\s*(\[[^\]]*\])/);
  return list ? stringsOf(list[1] as string) : null;
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((member) => set.has(member));
}

/** The duration a run of factors is worth, reading the duration constants by their length. */
function factorValue(factor: string, constants: readonly Constant[]): number {
  const constant = constants.find((candidate) => candidate.name === factor);
  return constant ? (constant.ms ?? Number.NaN) : Number(factor.replaceAll("_", ""));
}

/** The longest duration constant a product spells out: some run of its factors (not the constant alone) is worth it. */
function spelledDuration(product: string, constants: readonly Constant[]): Constant | undefined {
  const factors = product.split("*").map((factor) => factor.trim());
  const spelled = constants.filter(({ name, ms }) => {
    if (ms === undefined) return false;
    for (let from = 0; from < factors.length; from++) {
      let value = 1;
      for (let to = from; to < factors.length; to++) {
        value *= factorValue(factors[to] as string, constants);
        if (value === ms && !(from === to && factors[from] === name)) return true;
      }
    }
    return false;
  });
  return spelled.sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0))[0];
}

/** The members of each listed list, read from its home; a home that does not declare its constant is a problem. */
function homeLists(root: string, constants: readonly Constant[], problems: string[]): Map<Constant, string[]> {
  const lists = new Map<Constant, string[]>();
  for (const constant of constants) {
    const text = existsSync(path.join(root, constant.home)) ? readSource(root, constant.home) : "";
    if (!declaration(constant.name).test(text)) problems.push(`${constant.home} does not declare ${constant.name}, its home`);
    const list = listAt(text, constant.name);
    if (list && list.length > 1) lists.set(constant, list);
  }
  return lists;
}

const rule = (constant: Constant) => `rule: ${constant.name} is declared once, in ${constant.home}`;

/** Each listed value a file spells out: a list with the same members, a product worth a duration. */
function spelledValues(file: string, code: string, constants: readonly Constant[], lists: Map<Constant, string[]>): string[] {
  const away = (constant: Constant) => constant.home !== file;
  const problems = (code.match(STRING_LIST) ?? []).flatMap((list) =>
    [...lists]
      .filter(([constant, members]) => away(constant) && sameMembers(members, stringsOf(list)))
      .map(([constant]) => `${file} spells out ${constant.name} (${rule(constant)})`),
  );
  for (const product of code.match(PRODUCT) ?? []) {
    const constant = spelledDuration(product, constants);
    if (constant && away(constant)) problems.push(`${file} spells out ${constant.name} as ${product} (${rule(constant)})`);
  }
  return problems;
}

/**
 * Each declaration of a listed name outside its home (in `names`' folders), and each equivalent value
 * spelt out in `values`' folders; a home that no longer declares its constant is reported too.
 */
export function findRedefinedConstants(
  root: string,
  folders: { names: readonly string[]; values: readonly string[] },
  constants: readonly Constant[] = CONSTANTS,
): string[] {
  const problems: string[] = [];
  const lists = homeLists(root, constants, problems);
  for (const file of folders.names.flatMap((folder) => sourceFiles(root, folder))) {
    const code = withoutComments(readSource(root, file));
    const bare = withoutStrings(code);
    for (const constant of constants) {
      if (file !== constant.home && declaration(constant.name).test(bare)) {
        problems.push(`${file} declares ${constant.name} again (${rule(constant)})`);
      }
    }
    if (folders.values.some((place) => file.startsWith(`${place}/`)))
      problems.push(...spelledValues(file, code, constants, lists));
  }
  return problems;
}
