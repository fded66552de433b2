import { createHash } from "node:crypto";
import { createInMemoryCache, useResponseCache as responseCachePlugin } from "@graphql-yoga/plugin-response-cache";
import { Kind, parse } from "graphql";
import type { Plugin } from "graphql-yoga";

/** The Query fields whose answer is the same for every caller and changes only with the catalogue. */
export const CATALOGUE_FIELDS: ReadonlySet<string> = new Set([
  "series",
  "products",
  "productCount",
  "product",
  "purchaseOption",
  "__typename",
]);

/** Distinct queries kept per process; the least recently used goes first. */
const MAX_REPLIES = 1_000;
/** Ends the key of a query that is not kept, so its reply is never stored. */
const NOT_KEPT = "-";

/** True when every operation of the document is a query asking only for catalogue fields at its root. */
export function asksOnlyForCatalogue(documentString: string): boolean {
  try {
    return parse(documentString).definitions.every(
      (definition) =>
        definition.kind === Kind.OPERATION_DEFINITION &&
        definition.operation === "query" &&
        definition.selectionSet.selections.every(
          (selection) => selection.kind === Kind.FIELD && CATALOGUE_FIELDS.has(selection.name.value),
        ),
    );
  } catch {
    return false;
  }
}

/** What each distinct document was found to be, so a repeated query is parsed once here. */
function rememberedCheck(): (documentString: string) => boolean {
  const known = new Map<string, boolean>();
  return (documentString) => {
    let catalogueOnly = known.get(documentString);
    if (catalogueOnly === undefined) {
      catalogueOnly = asksOnlyForCatalogue(documentString);
      if (known.size >= MAX_REPLIES) known.clear();
      known.set(documentString, catalogueOnly);
    }
    return catalogueOnly;
  };
}

/**
 * Whole replies to catalogue-only queries, kept per catalogue revision: a hit answers before the
 * query is parsed or run, and a change to the catalogue starts a new revision, so no reply outlives
 * the prices it shows (in any process). A document naming any other field (a member's) or any
 * fragment at its root is never kept.
 */
export function catalogueReplyCache(catalogRevision: () => Promise<number>): Plugin {
  const catalogueOnly = rememberedCheck();
  return responseCachePlugin({
    session: () => null,
    cache: createInMemoryCache({ max: MAX_REPLIES }),
    invalidateViaMutation: false,
    includeExtensionMetadata: false,
    // A synchronous digest: WebCrypto's asynchronous one cost more per request than a hit saved.
    buildResponseCacheKey: async ({ documentString, variableValues, operationName }) => {
      const key = JSON.stringify([await catalogRevision(), documentString, variableValues ?? {}, operationName ?? null]);
      const digest = createHash("sha256").update(key).digest("base64url");
      return catalogueOnly(documentString) ? digest : `${digest}${NOT_KEPT}`;
    },
    shouldCacheResult: ({ cacheKey, result }) => !cacheKey.endsWith(NOT_KEPT) && !result.errors?.length,
  });
}
