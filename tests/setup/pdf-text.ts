import { inflateSync } from "node:zlib";

/** The text shown by the PDF's content streams: each stream inflated when compressed, then its strings decoded. */
export function shownText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  const streams: string[] = [];
  for (const match of raw.matchAll(/<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g)) {
    const dictionary = match[1] ?? "";
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    const start = (match.index ?? 0) + match[0].length;
    const bytes = Buffer.from(pdf.subarray(start, start + length));
    streams.push((dictionary.includes("/FlateDecode") ? inflateSync(bytes) : bytes).toString("latin1"));
  }
  const strings = streams.join("\n").matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g);
  return Array.from(strings, (m) => (m[1] === undefined ? (m[2] ?? "") : Buffer.from(m[1], "hex").toString("latin1"))).join("\n");
}
