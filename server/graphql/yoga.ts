import { readFileSync } from "node:fs";
import path from "node:path";
import type { ValidationRule } from "graphql";
import { createGraphQLError, createSchema, createYoga, type Plugin } from "graphql-yoga";
import { bagTokenOf, type OperationContext } from "../../domain/shared/context.ts";
import type { Config } from "../env.ts";
import { type Caller, createCaller } from "./caller.ts";
import type { GraphQLContext, GraphQLServerContext } from "./context.ts";
import { errorMapping } from "./error-mapping.ts";
import { queryLimits } from "./limits.ts";
import { memberResolvers } from "./member-resolvers.ts";
import { memberTypeResolvers } from "./member-types.ts";
import { orderLinkResolvers } from "./order-link-resolvers.ts";
import { pointsResolvers } from "./points-resolvers.ts";
import { redeemResolvers } from "./redeem-resolvers.ts";
import { requestHashPlugin } from "./request-hash-plugin.ts";
import { requestShape } from "./request-shape.ts";
import { resolvers } from "./resolvers.ts";
import { subscriptionResolvers } from "./subscription-resolvers.ts";

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

/** Where the GraphQL endpoint answers (POST, and GET for queries). */
export const GRAPHQL_PATH = "/graphql";

export const SCHEMA_FILE = path.join(import.meta.dirname, "schema.graphql");

export function createGraphQLHandler(config: Pick<Config, "APP_ENV">) {
  const typeDefs = readFileSync(SCHEMA_FILE, "utf8");
  return createYoga<GraphQLServerContext, Pick<GraphQLContext, "caller" | "signedIn">>({
    schema: createSchema<GraphQLContext>({
      typeDefs,
      resolvers: [
        resolvers,
        memberTypeResolvers,
        memberResolvers,
        orderLinkResolvers,
        redeemResolvers,
        pointsResolvers,
        subscriptionResolvers,
      ],
    }),
    context: ({ request, operations, session, verifyAccessToken }) => {
      const caller = createCaller(request, { session, verifyAccessToken });
      return { caller, signedIn: () => signedInContext(operations, caller) };
    },
    graphqlEndpoint: GRAPHQL_PATH,
    // GraphiQL loads its scripts from a CDN, and nothing here may need the internet at run time.
    graphiql: false,
    landingPage: false,
    logging: false,
    maskedErrors: true,
    plugins: [
      requestShape(),
      requestHashPlugin(),
      queryLimits(typeDefs),
      errorMapping(),
      ...(config.APP_ENV === "production" ? [hideSchemaFromIntrospection] : []),
    ],
  });
}

/** The request's context with the authenticated caller as its viewer, holding the guest's bag. */
async function signedInContext(operations: OperationContext, caller: Caller): Promise<OperationContext> {
  const { viewer, identity, session } = await caller.authenticate();
  return {
    ...operations,
    viewer: {
      kind: "member",
      memberId: viewer.memberId,
      subject: viewer.subject,
      bagToken: bagTokenOf(operations.viewer),
      session,
      identity,
    },
  };
}
