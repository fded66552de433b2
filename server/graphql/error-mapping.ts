import { type GraphQLError, print } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import { reportServerError } from "../../app/lib/server-error-alert.server.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { isAppError } from "../../kernel/app-error.ts";
import type { Logger } from "../logger.ts";

const UNEXPECTED = "Something went wrong on our side. Please try again.";
const VARIABLE_ERROR = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)" (got invalid value )?/;

type ProcessedResult = Parameters<NonNullable<Plugin["onResultProcess"]>>[0]["result"];

function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === "GraphQLError";
}

/**
 * A variable graphql-js refused is bad input (BAD_USER_INPUT). Its message repeats the refused value,
 * which can be most of the body; the reply names the variable's type instead.
 */
function asBadVariable(error: GraphQLError): GraphQLError {
  const match = VARIABLE_ERROR.exec(error.message);
  if (!match) return error;
  const node = error.nodes?.[0];
  const expected = node?.kind === "VariableDefinition" ? `; it must be of type "${print(node.type)}"` : "";
  const message = match[2] ? `Variable "$${match[1]}" got an invalid value${expected}.` : error.message;
  return createGraphQLError(message, { nodes: error.nodes, extensions: { ...error.extensions, code: "BAD_USER_INPUT" } });
}

/**
 * The one place resolver failures become what clients see. An AppError keeps its message and gets its
 * code in `extensions.code` (UNAUTHENTICATED also answers HTTP 401, the client's cue to refresh its
 * token); GraphQL's own errors (bad arguments, validation) pass through, a refused variable as
 * BAD_USER_INPUT; anything else is logged with the request id and masked.
 */
function toClientError(error: GraphQLError, context: ErrorMappingContext): GraphQLError {
  const original = error.originalError;
  if (!original || (isGraphQLError(original) && !original.originalError)) return asBadVariable(error);
  const location = { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path };
  if (isAppError(original)) {
    const http = original.code === "UNAUTHENTICATED" ? { http: { status: 401 } } : {};
    return createGraphQLError(original.message, { ...location, extensions: { code: original.code, ...http } });
  }
  context.logger?.error({ err: original, path: error.path?.join(".") }, "GraphQL operation failed");
  if (context.operations && context.request) reportServerError(context.operations, context.request, original);
  return createGraphQLError(UNEXPECTED, { ...location, extensions: { code: "INTERNAL_SERVER_ERROR" } });
}

/**
 * What yoga answers about the request itself, before anything runs. Yoga puts the parser's own error
 * in `extensions.originalError` when a body is not JSON, and that error's message quotes the body:
 * replies never repeat the request, so it goes. A request that is not a GraphQL request (no query, a
 * body that is not one) is BAD_REQUEST with HTTP 400, where yoga would answer a "spec" error with 200
 * to a client that accepts application/json.
 */
function asRequestErrors(result: ProcessedResult): ProcessedResult {
  if (Array.isArray(result)) return result.map((one) => asRequestErrors(one) as typeof one);
  const isRequestError = (error: GraphQLError) =>
    Boolean(error.extensions?.originalError || (error.extensions?.code === "BAD_REQUEST" && error.extensions?.http));
  if (Symbol.asyncIterator in result || !result.errors?.some(isRequestError)) return result;
  const errors = result.errors.map((error) => {
    if (!isRequestError(error)) return error;
    const { originalError: _quotesTheBody, http, ...extensions } = error.extensions;
    const status = http ? { http: { ...http, spec: false } } : {};
    return createGraphQLError(error.message, { path: error.path, extensions: { ...extensions, ...status } });
  });
  return { ...result, errors };
}

/** What a failure is logged with and, in staging and production, reported to the admin through. */
type ErrorMappingContext = { logger?: Logger; operations?: OperationContext; request?: Request };

export function errorMapping(): Plugin<ErrorMappingContext> {
  return {
    onExecute({ args }) {
      const context = args.contextValue;
      return {
        onExecuteDone({ result, setResult }) {
          if (!("errors" in result) || !result.errors?.length) return;
          setResult({ ...result, errors: result.errors.map((error) => toClientError(error as GraphQLError, context)) });
        },
      };
    },
    onResultProcess({ result, setResult }) {
      setResult(asRequestErrors(result));
    },
  };
}
