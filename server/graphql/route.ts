import type { Handler } from "hono";
import { bagTokenOf, guest } from "../../domain/shared/context.ts";
import type { Config } from "../env.ts";
import type { HttpEnv } from "../http/request-context.ts";
import type { GraphQLServerContext } from "./context.ts";
import type { VerifyAccessToken } from "./verified-tokens.ts";
import { createGraphQLHandler } from "./yoga.ts";

export type GraphQLRouteDeps = {
  config: Pick<Config, "APP_ENV" | "DEBUG_TOOLS">;
  /** Whose a bearer access token is (remembered per token until it expires, verified-tokens.ts). */
  verifyAccessToken: VerifyAccessToken;
};

/** POST (and GET) /graphql: the request's session, logger and id go into each operation's context. */
export function graphqlRoute({ config, verifyAccessToken }: GraphQLRouteDeps): Handler<HttpEnv> {
  const yoga = createGraphQLHandler(config);
  return (c) => yoga.fetch(c.req.raw, graphQLServerContext(c.var, verifyAccessToken));
}

/**
 * What a GraphQL request starts with: the page's operation context, but as a guest (keeping the bag
 * cookie). Any request the browser makes carries the session cookie, so it acts as the member only
 * through the caller's `signedIn()`, once the request proves with its CSRF token that it read the page.
 */
export function graphQLServerContext(vars: HttpEnv["Variables"], verifyAccessToken: VerifyAccessToken): GraphQLServerContext {
  const { operations } = vars;
  return {
    operations: { ...operations, viewer: guest(bagTokenOf(operations.viewer)) },
    session: vars.session,
    verifyAccessToken,
    logger: vars.log,
    requestId: vars.requestId,
    clientAddress: vars.clientAddress,
  };
}
