import { inlineJson } from "../lib/product-structured-data.ts";

/**
 * A JSON-LD data block. Browsers never run it, so the Content Security Policy does not apply and it
 * needs no nonce; inlineJson escapes "<" so no text in it (a review's) can end the element.
 */
export function StructuredData({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a data block, never run, escaped by inlineJson.
      dangerouslySetInnerHTML={{ __html: inlineJson(data) }}
    />
  );
}
