import { createGraphQLError, type Plugin } from "graphql-yoga";
import { verifyRequestHash } from "../../domain/shared/request-hash.ts";
import { credentialsOf } from "./caller.ts";
import type { GraphQLServerContext } from "./context.ts";

export const REQUEST_HASH_MISMATCH = "X-Request-Hash does not match the variables.";

/**
 * A request with credentials (a bearer token or the session cookie) must carry `X-Request-Hash`, the
 * hash of its variables (domain/shared/request-hash.ts); a request that sends the header must send the
 * right one. Anything else is refused with HTTP 400 before the operation runs.
 */
export function requestHashPlugin(): Plugin {
  return {
    onParams({ params, request, context, setResult }) {
      const header = request.headers.get("x-request-hash");
      const { session } = context as Partial<GraphQLServerContext>;
      const credentials = credentialsOf(request, session ?? null);
      if (header === null && credentials.kind === "none") return;
      if (verifyRequestHash(params.variables, header)) return;
      setResult({
        errors: [createGraphQLError(REQUEST_HASH_MISMATCH, { extensions: { code: "BAD_REQUEST", http: { status: 400 } } })],
      });
    },
  };
}
