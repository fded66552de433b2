import { readFileSync } from "node:fs";
import path from "node:path";
import type { ValidationRule } from "graphql";
import { createGraphQLError, createSchema, createYoga, type Plugin } from "graphql-yoga";
import type { Config } from "../env.ts";
import type { GraphQLContext } from "./context.ts";
import { resolvers } from "./resolvers.ts";

/**
 * In production the schema is not served to whoever asks; the contract lives in the committed SDL.
 * The rule reads only the query's syntax, so it works with whichever copy of graphql-js loads it.
 */
const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === "__schema" || node.name.value === "__type") {
      context.reportError(createGraphQLError("GraphQL introspection is disabled.", { nodes: [node] }));
    }
  },
});

const hideSchemaFromIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(noIntrospection);
  },
};

export const SCHEMA_FILE = path.join(import.meta.dirname, "schema.graphql");

export function createGraphQLHandler(config: Pick<Config, "APP_ENV">) {
  return createYoga<GraphQLContext>({
    schema: createSchema<GraphQLContext>({ typeDefs: readFileSync(SCHEMA_FILE, "utf8"), resolvers }),
    graphqlEndpoint: "/graphql",
    // GraphiQL loads its scripts from a CDN, and nothing here may need the internet at run time.
    graphiql: false,
    landingPage: false,
    logging: false,
    maskedErrors: true,
    plugins: config.APP_ENV === "production" ? [hideSchemaFromIntrospection] : [],
  });
}
