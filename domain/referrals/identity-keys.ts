import { normalizeSingaporeMobile } from "../../kernel/singapore-mobile.ts";

/**
 * Mail providers that deliver `name+anything@` to `name@`, and those that also ignore dots in the
 * name, by domain; `domain` is the one their aliases share. Only what the provider itself documents:
 * reading two addresses as one that are two mailboxes would refuse a real friend.
 */
const PROVIDERS: Readonly<Record<string, { domain: string; ignoresDots: boolean }>> = {
  "gmail.com": { domain: "gmail.com", ignoresDots: true },
  "googlemail.com": { domain: "gmail.com", ignoresDots: true },
  ...Object.fromEntries(
    [
      "outlook.com",
      "hotmail.com",
      "live.com",
      "msn.com",
      "icloud.com",
      "me.com",
      "mac.com",
      "proton.me",
      "protonmail.com",
      "pm.me",
      "fastmail.com",
    ].map((domain) => [domain, { domain, ignoresDots: false }]),
  ),
};

/** One spelling of a mailbox: case, and the tags, dots and alias domains its provider ignores, do not make it another. */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const provider = PROVIDERS[address.slice(at + 1)];
  if (!provider) return address;
  const name = address.slice(0, at).split("+")[0] ?? "";
  return `${provider.ignoresDots ? name.replaceAll(".", "") : name}@${provider.domain}`;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A regular expression (PostgreSQL's and JavaScript's alike) that matches, lower-cased, every address
 * whose emailKey is `key`: its name with any tag, and any dots where the provider ignores them, at any
 * of the provider's domains.
 */
export function emailKeyPattern(key: string): string {
  const at = key.lastIndexOf("@");
  const domain = key.slice(at + 1);
  const provider = PROVIDERS[domain];
  if (at < 0 || !provider) return `^${escapeRegex(key)}$`;
  const name = key.slice(0, at);
  const spelled = provider.ignoresDots ? [...name].map(escapeRegex).join("\\.*") : escapeRegex(name);
  const domains = Object.keys(PROVIDERS).filter((each) => PROVIDERS[each]?.domain === provider.domain);
  return `^${spelled}(\\+[^@]*)?@(${domains.map(escapeRegex).join("|")})$`;
}

/** One spelling of a mobile number: E.164 (+65 and 8 digits for a Singapore number), else a + and its digits. */
export function mobileKey(mobile: string): string {
  return normalizeSingaporeMobile(mobile) ?? `+${mobile.replace(/\D+/g, "").replace(/^00/, "")}`;
}

/** The short forms Singapore addresses are written with, and the word each stands for. */
const ADDRESS_WORDS: Readonly<Record<string, string>> = {
  rd: "road",
  st: "street",
  ave: "avenue",
  av: "avenue",
  dr: "drive",
  cres: "crescent",
  ctr: "centre",
  center: "centre",
  nth: "north",
  sth: "south",
};

/** Words that only mark the block or unit number that follows: "Blk 5 … #05-12" is "5 … 5 12". */
const UNIT_MARKS: ReadonlySet<string> = new Set(["blk", "block", "unit", "singapore"]);

/**
 * One spelling of an address: the postal code first, then its words without case, punctuation, unit
 * marks, leading zeros or the country, and short forms written out; the postal code repeated in the
 * address is left out.
 */
export function addressKey(address: string, postalCode: string): string {
  const postal = postalCode.replace(/\D+/g, "");
  const words = address
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "" && word !== postal && !UNIT_MARKS.has(word))
    .map((word) => ADDRESS_WORDS[word] ?? word.replace(/^0+(?=\d)/, ""));
  return [postal, ...words].join(" ");
}
