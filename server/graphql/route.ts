import type { Handler } from "hono";
import type { Config } from "../env.ts";
import type { HttpEnv } from "../http/request-context.ts";
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
  return (c) =>
    yoga.fetch(c.req.raw, {
      operations: c.var.operations,
      verifyAccessToken,
      logger: c.var.log,
      requestId: c.var.requestId,
      clientAddress: c.var.clientAddress,
    });
}
