import { createGraphQLError, type Plugin } from "graphql-yoga";

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
const isAbsent = (value: unknown) => value === undefined || value === null;

/** What is wrong with the request's parameters, or null. */
export function requestShapeProblem(params: Record<string, unknown>): string | null {
  const { query, variables, operationName, extensions } = params;
  // GraphQL's own words for it, which clients of the original backend were written against.
  if (isAbsent(query)) return "Must provide query string.";
  if (typeof query !== "string") return `"query" must be the GraphQL document as text, not ${kindOf(query)}.`;
  if (!isAbsent(variables) && !isObject(variables)) return `"variables" must be an object, not ${kindOf(variables)}.`;
  if (!isAbsent(operationName) && typeof operationName !== "string") {
    return `"operationName" must be text, not ${kindOf(operationName)}.`;
  }
  if (!isAbsent(extensions) && !isObject(extensions)) return `"extensions" must be an object, not ${kindOf(extensions)}.`;
  return null;
}

/**
 * Refuses, with HTTP 400, a request whose parameters are not of GraphQL's shapes (a query that is
 * not text, variables that are not an object, …). It comes first, so the plugins after it read
 * parameters of the right types; yoga itself checks them only after every plugin has run.
 */
export function requestShape(): Plugin {
  return {
    onParams({ params }) {
      const problem = requestShapeProblem(params as Record<string, unknown>);
      if (problem) throw createGraphQLError(problem, { extensions: { code: "BAD_REQUEST", http: { status: 400 } } });
    },
  };
}
