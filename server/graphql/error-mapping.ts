import type { GraphQLError } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import { isAppError } from "../../domain/shared/app-error.ts";
import type { Logger } from "../logger.ts";

const UNEXPECTED = "Something went wrong on our side. Please try again.";

function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === "GraphQLError";
}

/**
 * The one place resolver failures become what clients see. An AppError keeps its message and gets its
 * code in `extensions.code` (UNAUTHENTICATED also answers HTTP 401, the client's cue to refresh its
 * token); GraphQL's own errors (bad arguments, validation) pass through; anything else is logged with
 * the request id and masked.
 */
function toClientError(error: GraphQLError, logger: Logger | undefined): GraphQLError {
  const original = error.originalError;
  if (!original || (isGraphQLError(original) && !original.originalError)) return error;
  const location = { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path };
  if (isAppError(original)) {
    const http = original.code === "UNAUTHENTICATED" ? { http: { status: 401 } } : {};
    return createGraphQLError(original.message, { ...location, extensions: { code: original.code, ...http } });
  }
  logger?.error({ err: original, path: error.path?.join(".") }, "GraphQL operation failed");
  return createGraphQLError(UNEXPECTED, { ...location, extensions: { code: "INTERNAL_SERVER_ERROR" } });
}

export function errorMapping(): Plugin<{ logger?: Logger }> {
  return {
    onExecute({ args }) {
      const logger = args.contextValue.logger;
      return {
        onExecuteDone({ result, setResult }) {
          if (!("errors" in result) || !result.errors?.length) return;
          setResult({ ...result, errors: result.errors.map((error) => toClientError(error as GraphQLError, logger)) });
        },
      };
    },
  };
}
