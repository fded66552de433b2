import { isSameSecret } from "../../domain/identity/session-token.ts";
import type { MemberViewer } from "../../domain/shared/context.ts";
import type { ActiveSession } from "../../domain/shared/session.ts";
import { isTokenRefusal } from "../../integrations/identity/identity-client.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { VerifiedIdentity } from "../../kernel/identity.ts";
import type { VerifyAccessToken } from "./verified-tokens.ts";

/** How a request says who it is: a bearer access token, else the session cookie. */
export type Credentials =
  | { kind: "bearer"; token: string }
  | { kind: "session"; session: ActiveSession }
  | { kind: "malformed" }
  | { kind: "none" };

export type AuthenticatedCaller = {
  viewer: Pick<MemberViewer, "subject" | "memberId">;
  /** The account behind a bearer token; null for a session, whose member is already known. */
  identity: VerifiedIdentity | null;
  session: ActiveSession | null;
};

export type Caller = {
  credentials: Credentials;
  /** Who is calling, checked once per request: UNAUTHENTICATED (HTTP 401) or FORBIDDEN (CSRF) otherwise. */
  authenticate(): Promise<AuthenticatedCaller>;
};

const BEARER = /^Bearer(?:\s+(\S*))?\s*$/i;

export function credentialsOf(request: Request, session: ActiveSession | null): Credentials {
  const authorization = request.headers.get("authorization")?.trim() ?? "";
  if (authorization) {
    const match = BEARER.exec(authorization);
    if (!match) return { kind: "malformed" };
    // "Bearer" with no token is how a signed-out client calls: no credentials, as with no header.
    if (match[1]) return { kind: "bearer", token: match[1] };
  }
  return session ? { kind: "session", session } : { kind: "none" };
}

const signInAgain = () => new AppError("UNAUTHENTICATED", "Your sign-in has expired or is not valid. Please sign in again.");

export function createCaller(
  request: Request,
  deps: { session: ActiveSession | null; verifyAccessToken: VerifyAccessToken },
): Caller {
  const credentials = credentialsOf(request, deps.session);
  let authenticated: Promise<AuthenticatedCaller> | null = null;

  async function authenticate(): Promise<AuthenticatedCaller> {
    switch (credentials.kind) {
      case "bearer": {
        try {
          const identity = await deps.verifyAccessToken(credentials.token);
          return { viewer: { subject: identity.subject, memberId: null }, identity, session: null };
        } catch (error) {
          if (isTokenRefusal(error)) throw signInAgain();
          throw error;
        }
      }
      case "session": {
        const { session } = credentials;
        // A cookie rides along with any request the browser makes, so a script must also prove it read the page.
        if (!isSameSecret(request.headers.get("x-csrf-token"), session.csrfToken)) {
          throw new AppError("FORBIDDEN", "Missing or wrong CSRF token.");
        }
        return { viewer: { subject: session.subject, memberId: session.memberId }, identity: null, session };
      }
      case "malformed":
        throw new AppError("UNAUTHENTICATED", "The Authorization header must be: Bearer <access token>.");
      case "none":
        throw new AppError("UNAUTHENTICATED", "Please sign in: send Authorization: Bearer <access token>.");
    }
  }

  return {
    credentials,
    authenticate: () => {
      authenticated ??= authenticate();
      return authenticated;
    },
  };
}
