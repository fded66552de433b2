import { readFileSync } from "node:fs";
import path from "node:path";
import { createSchema, createYoga } from "graphql-yoga";
import type { Config } from "../env.ts";
import type { GraphQLContext } from "./context.ts";
import { resolvers } from "./resolvers.ts";

export const SCHEMA_FILE = path.join(import.meta.dirname, "schema.graphql");

export function createGraphQLHandler(config: Pick<Config, "APP_ENV">) {
  return createYoga<GraphQLContext>({
    schema: createSchema<GraphQLContext>({ typeDefs: readFileSync(SCHEMA_FILE, "utf8"), resolvers }),
    graphqlEndpoint: "/graphql",
    graphiql: config.APP_ENV !== "production",
    landingPage: false,
    logging: false,
    maskedErrors: true,
  });
}
