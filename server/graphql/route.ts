import type { Handler } from "hono";
import type { IdentityClient } from "../../integrations/identity/identity-client.ts";
import type { Config } from "../env.ts";
import type { HttpEnv } from "../http/request-context.ts";
import { rememberVerifiedTokens } from "./verified-tokens.ts";
import { createGraphQLHandler } from "./yoga.ts";

export type GraphQLRouteDeps = {
  config: Pick<Config, "APP_ENV" | "DEBUG_TOOLS">;
  identity: IdentityClient;
};

/** POST (and GET) /graphql: the request's session, logger and id go into each operation's context. */
export function graphqlRoute({ config, identity }: GraphQLRouteDeps): Handler<HttpEnv> {
  const yoga = createGraphQLHandler(config);
  const verifyAccessToken = rememberVerifiedTokens((accessToken) => identity.identityOfAccessToken(accessToken));
  return (c) =>
    yoga.fetch(c.req.raw, {
      operations: c.var.operations,
      verifyAccessToken,
      logger: c.var.log,
      requestId: c.var.requestId,
      clientAddress: c.var.clientAddress,
    });
}
