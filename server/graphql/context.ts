import type { OperationContext } from "../../domain/shared/context.ts";
import type { ActiveSession } from "../../domain/shared/session.ts";
import type { Logger } from "../logger.ts";
import type { Caller } from "./caller.ts";
import type { VerifyAccessToken } from "./verified-tokens.ts";

/** What the HTTP layer hands every GraphQL request. */
export type GraphQLServerContext = {
  /**
   * The request's operation context with a guest holding the bag cookie's bag as its viewer: a session
   * cookie counts only through `signedIn()`, which checks its CSRF token.
   */
  operations: OperationContext;
  /** The browser's live session, when it sent a session cookie: the caller's credentials, not yet proven. */
  session: ActiveSession | null;
  logger: Logger;
  requestId: string;
  /** Whose a bearer access token is, as the identity provider vouches; throws when it is refused. */
  verifyAccessToken: VerifyAccessToken;
  /** The client's network address, for rate limits. */
  clientAddress: string;
};

export type GraphQLContext = GraphQLServerContext & {
  request: Request;
  caller: Caller;
  /**
   * The operation context of the authenticated caller (bearer token, else session cookie with its
   * CSRF token): UNAUTHENTICATED or FORBIDDEN when the credentials do not hold. Operations then
   * decide what this member may do.
   */
  signedIn: () => Promise<OperationContext>;
};
