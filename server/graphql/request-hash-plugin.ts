import { createGraphQLError, type Plugin } from "graphql-yoga";
import type { OperationContext } from "../../domain/shared/context.ts";
import { verifyRequestHash } from "../../domain/shared/request-hash.ts";
import { credentialsOf } from "./caller.ts";

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
      const viewer = (context as { operations?: OperationContext }).operations?.viewer;
      const credentials = credentialsOf(request, viewer?.kind === "member" ? viewer.session : null);
      if (header === null && credentials.kind === "none") return;
      if (verifyRequestHash(params.variables, header)) return;
      setResult({
        errors: [createGraphQLError(REQUEST_HASH_MISMATCH, { extensions: { code: "BAD_REQUEST", http: { status: 400 } } })],
      });
    },
  };
}
