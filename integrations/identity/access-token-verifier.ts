import { createRemoteJWKSet, customFetch, errors, type JWTPayload, jwtVerify } from "jose";
import type { VerifiedIdentity } from "../../kernel/identity.ts";
import { identityFromClaims } from "./identity-claims.ts";
import { IdentityProviderError } from "./identity-client.ts";
import type { FetchFunction } from "./retrying-fetch.ts";

const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
const CACHE_LIMIT = 10_000;

/** Failures that mean "this token is not acceptable", as opposed to "the provider could not be asked". */
const REFUSALS = new Set([
  "ERR_JWT_EXPIRED",
  "ERR_JWT_INVALID",
  "ERR_JWT_CLAIM_VALIDATION_FAILED",
  "ERR_JWS_INVALID",
  "ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
  "ERR_JWKS_NO_MATCHING_KEY",
  "ERR_JWKS_MULTIPLE_MATCHING_KEYS",
  "ERR_JOSE_ALG_NOT_ALLOWED",
  "ERR_JOSE_NOT_SUPPORTED",
]);

export type VerifierOptions = {
  issuer: string;
  jwksUri: string;
  clientId: string;
  fetch: FetchFunction;
  /** Who the token belongs to when it carries no email (Cognito's access tokens): the userinfo endpoint. */
  userInfo: (accessToken: string, subject: string) => Promise<Record<string, unknown>>;
  now: () => Date;
};

export function refused(message: string): IdentityProviderError {
  return new IdentityProviderError("NotAuthorizedException", message, 401);
}

/**
 * Checks an access token against the provider's key set (signature, issuer, expiry, `aud` or
 * `client_id`, `token_use`) and says whose it is. Identities read from userinfo are kept per token
 * until the token expires, so a member's requests do not each ask the provider.
 */
export function createAccessTokenVerifier(options: VerifierOptions) {
  const keys = createRemoteJWKSet(new URL(options.jwksUri), {
    [customFetch]: (url, init) => options.fetch(url, init as RequestInit),
  });
  const cache = new Map<string, { identity: VerifiedIdentity; expiresAtMs: number }>();

  async function verify(accessToken: string): Promise<{ payload: JWTPayload; typ: string | undefined }> {
    try {
      const { payload, protectedHeader } = await jwtVerify(accessToken, keys, {
        issuer: options.issuer,
        algorithms: ALGORITHMS,
        currentDate: options.now(),
        requiredClaims: ["exp", "sub"],
      });
      return { payload, typ: protectedHeader.typ };
    } catch (error) {
      if (error instanceof errors.JOSEError && REFUSALS.has(error.code)) {
        throw refused(error instanceof errors.JWTExpired ? "Access Token has expired" : "Access Token is not valid");
      }
      throw new IdentityProviderError(
        "KeySetUnavailable",
        `The provider's keys could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Issued to this client (`aud` or Cognito's `client_id`) and an access token: Cognito says so in
   * `token_use`; other providers type their JWT access tokens `at+jwt` (RFC 9068). An ID token, signed
   * by the same keys for the same audience, is refused.
   */
  function checkClient(payload: JWTPayload, typ: string | undefined): void {
    const audiences = typeof payload.aud === "string" ? [payload.aud] : (payload.aud ?? []);
    if (!audiences.includes(options.clientId) && payload.client_id !== options.clientId) {
      throw refused("Access Token was not issued to this client");
    }
    const isAccessToken = payload.token_use === undefined ? typ?.toLowerCase() === "at+jwt" : payload.token_use === "access";
    if (!isAccessToken) throw refused("Token is not an access token");
  }

  function remember(accessToken: string, identity: VerifiedIdentity, expiresAtMs: number): void {
    const nowMs = options.now().getTime();
    if (cache.size >= CACHE_LIMIT) {
      for (const [token, entry] of cache) if (entry.expiresAtMs <= nowMs) cache.delete(token);
      if (cache.size >= CACHE_LIMIT) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
    }
    cache.set(accessToken, { identity, expiresAtMs });
  }

  return async function identityOfAccessToken(accessToken: string): Promise<VerifiedIdentity> {
    const { payload, typ } = await verify(accessToken);
    checkClient(payload, typ);
    const subject = payload.sub as string;
    if (typeof payload.email === "string" && payload.email) return identityFromClaims(payload);
    const cached = cache.get(accessToken);
    if (cached) return cached.identity;
    const claims = await options.userInfo(accessToken, subject);
    const identity = identityFromClaims({ ...payload, ...claims, sub: subject });
    remember(accessToken, identity, (payload.exp ?? 0) * 1000);
    return identity;
  };
}
