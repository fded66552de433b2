import Provider, { type Configuration, errors, interactionPolicy } from "oidc-provider";
import type { Database } from "../../../db/client.ts";
import { cognitoClaims, findTestAccount, OWN_USERS_PROVIDER, PROVIDER_NAMES } from "./accounts.ts";
import { databaseAdapter } from "./database-adapter.ts";
import { messagePage } from "./interaction-page.ts";
import { loadProviderSecrets } from "./persisted-secrets.ts";

/** Where the provider is served in the shop. */
export const EMBEDDED_PROVIDER_PATH = "/dev-idp";
export const DEFAULT_CLIENT_ID = "nectar-lab-web";
/** The scopes the shop asks the hosted user pool for; the only ones this provider knows. */
export const SCOPE = "openid email profile";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const IDENTITY_PROVIDERS = new Set<string>([...Object.values(PROVIDER_NAMES), OWN_USERS_PROVIDER]);

export type EmbeddedProviderOptions = {
  db: Database;
  appEnv: string;
  /** The shop's address as browsers see it; the issuer is `{publicUrl}/dev-idp`. */
  publicUrl: string;
  clientId?: string;
  /** The shops whose sign-in callbacks the client registers; the provider's own address (the shop serving it) when unset. */
  shopUrls?: string[];
  /** Access token lifetime; one hour (Cognito's default) unless a test needs tokens that expire sooner. */
  accessTokenTtlSeconds?: number;
  /** Behind trusted proxies the provider reads the scheme and host they forward. */
  trustProxy: boolean;
  onServerError: (error: Error) => void;
};

export type EmbeddedProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The API the access tokens are for (the shop); its audience is the client id. */
  resource: string;
  /** The key the sign-in codes sent by email are hashed with. */
  codeKey: string;
  provider: Provider;
};

/**
 * A real OpenID Provider standing in for the hosted user pool (AWS Cognito with Google, Facebook and
 * its own users, who sign in with a code sent by email), configured the way the shop's user pool is:
 * one confidential client, code flow with PKCE S256, JWT access tokens, refresh tokens without
 * offline_access, Cognito-like claims. Never in production.
 */
export async function createEmbeddedProvider(options: EmbeddedProviderOptions): Promise<EmbeddedProvider> {
  if (options.appEnv === "production") throw new Error("The embedded identity provider is never used in production.");
  const { db, publicUrl } = options;
  const issuer = `${publicUrl}${EMBEDDED_PROVIDER_PATH}`;
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const resource = new URL(publicUrl).href;
  const accessTokenTtl = options.accessTokenTtlSeconds ?? HOUR;
  const secrets = await loadProviderSecrets(db);

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    jwks: secrets.jwks,
    cookies: {
      keys: secrets.cookieKeys,
      names: { session: "idp_session", interaction: "idp_interaction", resume: "idp_interaction_resume" },
      long: { httpOnly: true, sameSite: "lax", path: EMBEDDED_PROVIDER_PATH },
      short: { httpOnly: true, sameSite: "lax" },
    },
    clients: [
      {
        client_id: clientId,
        client_secret: secrets.clientSecret,
        client_name: "Nectar Lab shop",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
        scope: SCOPE,
        redirect_uris: (options.shopUrls ?? [publicUrl]).flatMap((shopUrl) =>
          ["/member/login", "/member/link", "/admin/login"].flatMap((path) => [`${shopUrl}${path}`, `${shopUrl}${path}/`]),
        ),
      },
    ],
    responseTypes: ["code"],
    scopes: SCOPE.split(" "),
    claims: {
      openid: ["sub", "cognito:username", "identities"],
      email: ["email", "email_verified"],
      profile: ["name", "picture", "username"],
    },
    // Cognito's ID tokens carry the profile claims even though the code flow also returns an access token.
    conformIdTokenClaims: false,
    extraParams: {
      identity_provider(_ctx, value) {
        if (value !== undefined && !IDENTITY_PROVIDERS.has(value)) {
          throw new errors.InvalidRequest("identity_provider must be Google, Facebook or COGNITO");
        }
      },
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return { scope: SCOPE, audience: clientId, accessTokenFormat: "jwt", accessTokenTTL: accessTokenTtl };
        },
      },
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // Like Cognito: refresh tokens live 30 days, are not rotated and outlive the provider's browser session.
    rotateRefreshToken: false,
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? accessTokenTtl,
      AuthorizationCode: 5 * 60,
      IdToken: HOUR,
      RefreshToken: 30 * DAY,
      Grant: 30 * DAY,
      Interaction: HOUR,
      Session: 14 * DAY,
    },
    findAccount: async (_ctx, sub) => {
      const account = await findTestAccount(db, sub);
      return account ? { accountId: account.sub, claims: () => cognitoClaims(account) } : undefined;
    },
    extraTokenClaims: async (_ctx, token) => {
      const account = token.kind === "AccessToken" ? await findTestAccount(db, token.accountId) : null;
      if (!account) return undefined;
      const { sub: _sub, "cognito:username": _username, ...claims } = cognitoClaims(account);
      return { token_use: "access", ...claims };
    },
    interactions: {
      policy: alwaysSignInPolicy(),
      url: (_ctx, interaction) => `${EMBEDDED_PROVIDER_PATH}/interaction/${interaction.uid}`,
    },
    // The shop calls the provider from its server; browsers never need cross-origin access.
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = messagePage({
        heading: "Sign-in could not continue",
        message: out.error_description ? `${out.error}: ${out.error_description}` : out.error,
      });
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = options.trustProxy;
  provider.on("server_error", (_ctx, error) => options.onServerError(error));
  return { issuer, clientId, clientSecret: secrets.clientSecret, resource, codeKey: secrets.codeKey, provider };
}

/**
 * Every authorization request shows the sign-in page, as the hosted user pool sends every request on
 * to Google or Facebook; a remembered session must not answer a request for the other provider.
 */
function alwaysSignInPolicy() {
  const policy = interactionPolicy.base();
  policy
    .get("login")
    ?.checks.add(
      new interactionPolicy.Check("sign_in_each_time", "the test provider asks who is signing in every time", (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}
