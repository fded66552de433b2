import { createInMemoryCache, useResponseCache as responseCachePlugin } from "@graphql-yoga/plugin-response-cache";
import { buildSchema } from "graphql";
import type { Plugin } from "graphql-yoga";

/** The Query fields whose answer is the same for every caller and changes only with the catalogue. */
export const CATALOGUE_FIELDS: ReadonlySet<string> = new Set(["series", "products", "productCount", "product", "purchaseOption"]);

/** Distinct queries kept per process; the least recently used goes first. */
const MAX_REPLIES = 1_000;

/**
 * Whole replies to catalogue-only queries, kept per catalogue revision: a hit answers before the
 * query is parsed or run, and a change to the catalogue starts a new revision, so no reply outlives
 * the prices it shows (in any process). A query naming any other field (a member's) is never kept;
 * that list follows from the schema, so a new field is uncached until it is named above.
 */
export function catalogueReplyCache(typeDefs: string, catalogRevision: () => Promise<number>): Plugin {
  const queryFields = Object.keys(buildSchema(typeDefs).getQueryType()?.getFields() ?? {});
  const neverKept = queryFields.filter((field) => !CATALOGUE_FIELDS.has(field)).map((field) => [`Query.${field}`, 0]);
  return responseCachePlugin({
    session: () => null,
    cache: createInMemoryCache({ max: MAX_REPLIES }),
    ttlPerSchemaCoordinate: Object.fromEntries(neverKept),
    invalidateViaMutation: false,
    includeExtensionMetadata: false,
    // The key itself, not a digest of it: hashing every request with WebCrypto cost more than a hit saved.
    buildResponseCacheKey: async ({ documentString, variableValues, operationName }) =>
      JSON.stringify([await catalogRevision(), documentString, variableValues ?? {}, operationName ?? null]),
  });
}
