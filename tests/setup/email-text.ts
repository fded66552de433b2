import { existsSync, readdirSync } from "node:fs";

/** Quoted-printable undone: soft line breaks joined, =XX bytes read as UTF-8. */
function fromQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, "%25"));
}

/** Splits headers from body at the first empty line. */
function headersAndBody(entity: string): { headers: string; body: string } {
  const at = /\r?\n\r?\n/.exec(entity);
  return at ? { headers: entity.slice(0, at.index), body: entity.slice(at.index + at[0].length) } : { headers: entity, body: "" };
}

/**
 * One part of an .eml file, `text/plain` or `text/html`, its transfer encoding undone; a message of a
 * single part is that part. Null when the message has no such part.
 */
export function emailPart(eml: string, type: "text/plain" | "text/html"): string | null {
  const message = headersAndBody(eml);
  const boundary = /boundary="([^"]+)"/.exec(message.headers)?.[1];
  const entities = boundary ? message.body.split(`--${boundary}`).slice(1, -1) : [eml];
  for (const entity of entities) {
    const { headers, body } = headersAndBody(entity.replace(/^\r?\n/, ""));
    if (!new RegExp(`^Content-Type: ${type}\\b`, "mi").test(headers)) continue;
    const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(headers)?.[1]?.toLowerCase();
    const decoded =
      encoding === "quoted-printable"
        ? fromQuotedPrintable(body)
        : encoding === "base64"
          ? Buffer.from(body, "base64").toString("utf8")
          : body;
    return decoded.replace(/\r\n/g, "\n").replace(/\n$/, "");
  }
  return null;
}

/** The plain-text part of an .eml file, its quoted-printable undone. */
export function emailText(eml: string): string {
  return emailPart(eml, "text/plain") ?? "";
}

/** Every web address an email links to: those written out in its text and those its HTML links to. */
export function emailLinks(eml: string): string[] {
  const inText = emailText(eml).match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const html = emailPart(eml, "text/html") ?? "";
  const inHtml = [...html.matchAll(/href="([^"]*)"/g)].map(([, href = ""]) => href.replaceAll("&amp;", "&"));
  return [...new Set([...inText, ...inHtml])];
}

/**
 * The messages written to an outbox folder, oldest first. Only finished `.eml` files: a message being
 * written sits under a `.partial` name until it is whole.
 */
export function sentEmailFiles(outboxDir: string): string[] {
  return existsSync(outboxDir)
    ? readdirSync(outboxDir)
        .filter((name) => name.endsWith(".eml"))
        .sort()
    : [];
}
