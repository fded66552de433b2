import type { ProviderType, VerifiedIdentity } from "../../kernel/identity.ts";

/** What the provider returns from a code exchange or a refresh. */
export type ProviderTokens = {
  accessToken: string;
  idToken: string | null;
  refreshToken: string | null;
  /** When the access token expires (now + expires_in). */
  accessExpiresAt: Date;
  /** When the refresh token expires, if the provider says (`refresh_token_expires_in`); null when it does not. */
  refreshExpiresAt?: Date | null;
};

/** Why a token or provider call was refused: the provider's error name (SPEC.md §8) when it gave one. */
export class IdentityProviderError extends Error {
  override name = "IdentityProviderError";
  readonly errorName: string;
  readonly status: number | null;

  constructor(errorName: string, message: string, status: number | null = null) {
    super(message);
    this.errorName = errorName;
    this.status = status;
  }
}

/** True when the provider refused a token (not when it could not be asked). */
export function isTokenRefusal(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== "IdentityProviderError") return false;
  const refusal = error as IdentityProviderError;
  return refusal.errorName === "NotAuthorizedException" || refusal.status === 401;
}

/** What the debug tools show of the identity provider in use: never its client secret, only whether one is set. */
export type IdentityProviderSettings = {
  issuer: string;
  clientId: string;
  clientSecretSet: boolean;
  redirectUris: string[];
  scope: string;
  providers: string[];
  /** The shop's own embedded provider stands in for the hosted user pool. */
  embedded: boolean;
};

/**
 * The shop's side of the hosted user pool (or the embedded provider configured the same way):
 * authorization-code flow with PKCE, state and nonce; refresh; revocation; access-token checks.
 */
export type IdentityClient = {
  /** The provider's authorize address for one social provider (`identity_provider=Google|Facebook`). */
  authorizationUrl(input: {
    provider: ProviderType;
    callbackPath: "/member/login" | "/member/link" | "/admin/login";
    state: string;
    codeVerifier: string;
    nonce: string;
  }): Promise<URL>;
  /** Exchanges the code that came back on `callbackUrl`; checks state, PKCE and the ID token's nonce. */
  exchangeCode(
    callbackUrl: URL,
    expected: { state: string; codeVerifier: string; nonce: string },
  ): Promise<ProviderTokens & { identity: VerifiedIdentity }>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  /** Revokes a refresh token where the provider supports it; a provider without revocation is a no-op. */
  revoke(refreshToken: string): Promise<void>;
  /**
   * Verifies an access token (signature against the provider's keys, issuer, audience or client_id,
   * expiry) and says whose it is. Throws IdentityProviderError("NotAuthorizedException") when refused.
   */
  identityOfAccessToken(accessToken: string): Promise<VerifiedIdentity>;
};
