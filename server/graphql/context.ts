import type { ActiveSession } from "../../domain/members/session.ts";
import type { Shop } from "../../domain/shop.ts";
import type { Logger } from "../logger.ts";
import type { Caller } from "./caller.ts";
import type { VerifyAccessToken } from "./verified-tokens.ts";

/** What the HTTP layer hands every GraphQL request. */
export type GraphQLServerContext = {
  shop: Shop;
  logger: Logger;
  requestId: string;
  /** The browser's live session from the session cookie; null when there is none. */
  session: ActiveSession | null;
  /** Whose a bearer access token is, as the identity provider vouches; throws when it is refused. */
  verifyAccessToken: VerifyAccessToken;
  /** Debug mode (DEBUG_TOOLS): the debug mutations work only when it is on. */
  debugTools: boolean;
  /** The client's network address, for rate limits. */
  clientAddress: string;
};

export type GraphQLContext = GraphQLServerContext & { request: Request; caller: Caller };
