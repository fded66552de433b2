import * as oidc from "openid-client";
import type { ProviderType, VerifiedIdentity } from "../../kernel/identity.ts";
import { createAccessTokenVerifier } from "./access-token-verifier.ts";
import { identityFromClaims } from "./identity-claims.ts";
import {
  type IdentityClient,
  IdentityProviderError,
  type IdentityProviderSettings,
  type ProviderTokens,
} from "./identity-client.ts";
import { toProviderError } from "./provider-errors.ts";
import { type FetchFunction, retryingFetch } from "./retrying-fetch.ts";

export type OidcClientOptions = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The shop's address as browsers see it: the callbacks are `{publicUrl}/member/login`, `/member/link` and the back office's `/admin/login`. */
  publicUrl: string;
  /** Staging and production register their callbacks with a trailing slash. */
  callbackTrailingSlash: boolean;
  /** Only the embedded provider may be spoken to over plain HTTP. */
  allowHttp?: boolean;
  fetch?: FetchFunction;
  /** The clock access tokens are checked against. */
  now?: () => Date;
};

const SCOPE = "email openid profile";
/** The `identity_provider` of each way in; COGNITO is the pool's own users, who sign in with a code sent by email. */
const PROVIDER_NAMES: Record<ProviderType, string> = { google: "Google", facebook: "Facebook", email: "COGNITO" };
const CALLBACK_PATHS = ["/member/login", "/member/link", "/admin/login"] as const;
const REQUEST_TIMEOUT_SECONDS = 10;

function callbackUri(options: OidcClientOptions, callbackPath: (typeof CALLBACK_PATHS)[number]): string {
  return `${options.publicUrl}${callbackPath}${options.callbackTrailingSlash ? "/" : ""}`;
}

/** The settings this client runs with, as the debug tools show them (the secret only as set or not). */
export function identityProviderSettings(options: OidcClientOptions): IdentityProviderSettings {
  return {
    issuer: options.issuer,
    clientId: options.clientId,
    clientSecretSet: options.clientSecret.length > 0,
    redirectUris: CALLBACK_PATHS.map((path) => callbackUri(options, path)),
    scope: SCOPE,
    providers: Object.values(PROVIDER_NAMES),
    embedded: options.allowHttp === true,
  };
}

type Discovered = {
  config: oidc.Configuration;
  identityOfAccessToken: (accessToken: string) => Promise<VerifiedIdentity>;
};

/** The shop as an OpenID Connect client of the hosted user pool (or the embedded provider set up the same way). */
export function createOidcIdentityClient(options: OidcClientOptions): IdentityClient {
  const fetchImpl = retryingFetch(options.fetch ?? ((url, init) => fetch(url, init)));
  const now = options.now ?? (() => new Date());
  let discovering: Promise<Discovered> | null = null;

  // The provider may not be reachable yet (the embedded one is served by this very process), so the
  // metadata is read on first use, and read again on a later call after a failure.
  function discovered(): Promise<Discovered> {
    discovering ??= discover(options, fetchImpl, now).catch(async (error: unknown) => {
      discovering = null;
      throw await toProviderError(error);
    });
    return discovering;
  }

  const redirectUri = (callbackPath: (typeof CALLBACK_PATHS)[number]) => callbackUri(options, callbackPath);

  async function call<T>(work: (config: oidc.Configuration) => Promise<T>): Promise<T> {
    const { config } = await discovered();
    try {
      return await work(config);
    } catch (error) {
      throw await toProviderError(error);
    }
  }

  return {
    async authorizationUrl({ provider, callbackPath, state, codeVerifier, nonce }) {
      const { config } = await discovered();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(callbackPath),
        response_type: "code",
        scope: SCOPE,
        identity_provider: PROVIDER_NAMES[provider],
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
    },

    async exchangeCode(callbackUrl, expected) {
      const callbackPath = CALLBACK_PATHS.find((path) => callbackUrl.pathname.replace(/\/$/, "") === path);
      if (!callbackPath) throw new IdentityProviderError("invalid_request", `Not a sign-in callback: ${callbackUrl.pathname}`);
      // The token request names the redirect URI the browser was sent with, whatever address this request reached.
      const currentUrl = new URL(redirectUri(callbackPath));
      currentUrl.search = callbackUrl.search;
      const { config } = await discovered();
      let response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        response = await oidc.authorizationCodeGrant(config, currentUrl, {
          expectedState: expected.state,
          pkceCodeVerifier: expected.codeVerifier,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        const failure = await toProviderError(error);
        if (failure.status === null) throw failure;
        throw new IdentityProviderError(failure.errorName, `HTTP error! status: ${failure.status}`, failure.status);
      }
      const claims = response.claims();
      if (!claims) throw new IdentityProviderError("invalid_response", "The provider returned no ID token.");
      return { ...tokensOf(response, now()), identity: identityFromClaims(claims) };
    },

    async refresh(refreshToken) {
      const response = await call((config) => oidc.refreshTokenGrant(config, refreshToken));
      const tokens = tokensOf(response, now());
      // A provider that does not rotate refresh tokens (Cognito) sends none back: the old one stays valid.
      return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
    },

    async revoke(refreshToken) {
      const { config } = await discovered();
      if (!config.serverMetadata().revocation_endpoint) return;
      await call((configuration) => oidc.tokenRevocation(configuration, refreshToken, { token_type_hint: "refresh_token" }));
    },

    async identityOfAccessToken(accessToken) {
      return (await discovered()).identityOfAccessToken(accessToken);
    },
  };
}

async function discover(options: OidcClientOptions, fetchImpl: FetchFunction, now: () => Date): Promise<Discovered> {
  const issuer = new URL(options.issuer);
  if (issuer.protocol === "http:" && !options.allowHttp) {
    throw new IdentityProviderError("InsecureIssuer", `The identity provider must be reached over HTTPS: ${options.issuer}`);
  }
  const execute = issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [];
  const customFetch: oidc.CustomFetch = (url, init) => fetchImpl(url, init as RequestInit);
  const found = await oidc.discovery(issuer, options.clientId, undefined, undefined, {
    [oidc.customFetch]: customFetch,
    execute,
    timeout: REQUEST_TIMEOUT_SECONDS,
  });
  const metadata = { ...found.serverMetadata() };
  // Cognito serves /oauth2/revoke beside /oauth2/token but does not list it in its metadata.
  if (!metadata.revocation_endpoint && metadata.token_endpoint?.endsWith("/oauth2/token")) {
    metadata.revocation_endpoint = metadata.token_endpoint.replace(/\/oauth2\/token$/, "/oauth2/revoke");
  }
  const methods = metadata.token_endpoint_auth_methods_supported;
  const auth =
    !methods || methods.includes("client_secret_basic")
      ? oidc.ClientSecretBasic(options.clientSecret)
      : oidc.ClientSecretPost(options.clientSecret);
  const config = new oidc.Configuration(metadata, options.clientId, options.clientSecret, auth);
  config[oidc.customFetch] = customFetch;
  config.timeout = REQUEST_TIMEOUT_SECONDS;
  for (const extension of execute) extension(config);
  if (!metadata.jwks_uri) throw new IdentityProviderError("InvalidMetadata", "The provider publishes no jwks_uri.");
  const identityOfAccessToken = createAccessTokenVerifier({
    issuer: metadata.issuer,
    jwksUri: metadata.jwks_uri,
    clientId: options.clientId,
    fetch: fetchImpl,
    now,
    userInfo: async (accessToken, subject) => {
      try {
        return { ...(await oidc.fetchUserInfo(config, accessToken, subject)) };
      } catch (error) {
        const failure = await toProviderError(error);
        if (failure.status === 401 || failure.errorName === "invalid_token") {
          throw new IdentityProviderError("NotAuthorizedException", failure.message, 401);
        }
        throw failure;
      }
    },
  });
  return { config, identityOfAccessToken };
}

function tokensOf(response: oidc.TokenEndpointResponse, now: Date): ProviderTokens {
  const expiresIn = typeof response.expires_in === "number" ? response.expires_in : 3600;
  const refreshExpiresIn = response.refresh_token_expires_in ?? response.refresh_expires_in;
  return {
    accessToken: response.access_token,
    idToken: response.id_token ?? null,
    refreshToken: response.refresh_token ?? null,
    accessExpiresAt: new Date(now.getTime() + expiresIn * 1000),
    refreshExpiresAt:
      typeof refreshExpiresIn === "number" && refreshExpiresIn > 0 ? new Date(now.getTime() + refreshExpiresIn * 1000) : null,
  };
}
