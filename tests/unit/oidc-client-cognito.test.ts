import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { identityFromClaims } from "../../integrations/identity/identity-claims.ts";
import { IdentityProviderError } from "../../integrations/identity/identity-client.ts";
import { createOidcIdentityClient } from "../../integrations/identity/oidc-client.ts";

const ISSUER = "https://cognito-idp.us-east-2.amazonaws.com/us-east-2_TestPool";
const DOMAIN = "https://nectar-lab.auth.us-east-2.amazoncognito.com";

/** The user pool's answers as Cognito gives them (its metadata lists no revocation endpoint). */
let signingKey: CryptoKey;
let publicJwk: Record<string, unknown>;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  signingKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "pool-key", alg: "RS256", use: "sig" };
});

/** An access token shaped like Cognito's: `client_id` and `token_use`, no `aud`, no email. */
function accessToken(claims: Record<string, unknown> = {}) {
  return new SignJWT({
    client_id: "client-123",
    token_use: "access",
    scope: "email openid profile",
    username: "Google_1234",
    ...claims,
  })
    .setProtectedHeader({ alg: "RS256", kid: "pool-key" })
    .setIssuer(ISSUER)
    .setSubject("pool-user-1")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(signingKey);
}

function cognito(tokenAnswer: () => Response) {
  const calls: { url: string; body: string; authorization: string | null }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({ url, body: String(init.body ?? ""), authorization: headers.get("authorization") });
    if (url === `${ISSUER}/.well-known/openid-configuration`) {
      return Response.json({
        issuer: ISSUER,
        authorization_endpoint: `${DOMAIN}/oauth2/authorize`,
        token_endpoint: `${DOMAIN}/oauth2/token`,
        userinfo_endpoint: `${DOMAIN}/oauth2/userInfo`,
        jwks_uri: `${ISSUER}/.well-known/jwks.json`,
        response_types_supported: ["code", "token"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      });
    }
    if (url === `${DOMAIN}/oauth2/token`) return tokenAnswer();
    if (url === `${DOMAIN}/oauth2/revoke`) return new Response(null, { status: 200 });
    if (url === `${ISSUER}/.well-known/jwks.json`) return Response.json({ keys: [publicJwk] });
    if (url === `${DOMAIN}/oauth2/userInfo`) {
      return Response.json({
        sub: "pool-user-1",
        email: "Mei.Ling@Example.com",
        email_verified: "true",
        name: "Tan Mei Ling",
        username: "Google_1234",
        identities: JSON.stringify([{ providerName: "Google", userId: "1234" }]),
      });
    }
    return new Response("not found", { status: 404 });
  };
  const client = createOidcIdentityClient({
    issuer: ISSUER,
    clientId: "client-123",
    clientSecret: "secret-456",
    publicUrl: "https://shop.example.sg",
    callbackTrailingSlash: true,
    fetch,
  });
  return { client, calls };
}

const checks = { state: "s".repeat(43), codeVerifier: "v".repeat(43), nonce: "n".repeat(43) };

describe("the OpenID client with the hosted user pool's replies", () => {
  it("sends the browser to the pool's hosted domain with the production callback", async () => {
    const { client } = cognito(() => new Response(null, { status: 500 }));
    const url = await client.authorizationUrl({ provider: "google", callbackPath: "/member/login", ...checks });
    expect(`${url.origin}${url.pathname}`).toBe(`${DOMAIN}/oauth2/authorize`);
    expect(url.searchParams.get("redirect_uri")).toBe("https://shop.example.sg/member/login/");
  });

  it("asks the pool for its own users' email-code sign-in with identity_provider=COGNITO", async () => {
    const { client } = cognito(() => new Response(null, { status: 500 }));
    const url = await client.authorizationUrl({ provider: "email", callbackPath: "/member/login", ...checks });
    expect(url.searchParams.get("identity_provider")).toBe("COGNITO");
    expect(url.searchParams.get("scope")).toBe("email openid profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  });

  it("reads a user of the pool's own directory as an email-code sign-in, only with a verified email", () => {
    const poolUser = { sub: "7f3c-user", email: "Siti@Example.com", "cognito:username": "7f3c-user" };
    expect(identityFromClaims({ ...poolUser, email_verified: "true" })).toEqual({
      subject: "7f3c-user",
      provider: "email",
      email: "siti@example.com",
      emailVerified: true,
      name: "siti",
      picture: null,
    });
    expect(() => identityFromClaims({ ...poolUser, email_verified: false })).toThrow(
      "The identity provider has not verified this email address.",
    );
    // Another federated provider is none of the shop's ways in.
    const okta = { ...poolUser, email_verified: true, identities: JSON.stringify([{ providerName: "Okta" }]) };
    expect(() => identityFromClaims(okta)).toThrow("The identity provider did not say how the user signed in.");
    expect(() => identityFromClaims({ ...poolUser, email_verified: true, "cognito:username": "Okta_12" })).toThrow();
  });

  it("reads Cognito's error name from __type when a refresh is refused", async () => {
    const { client, calls } = cognito(
      () =>
        new Response(JSON.stringify({ __type: "NotAuthorizedException", message: "Refresh Token has expired" }), {
          status: 400,
          headers: { "content-type": "application/x-amz-json-1.1" },
        }),
    );
    const failure = await client.refresh("refresh-token").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdentityProviderError);
    expect(failure).toMatchObject({ errorName: "NotAuthorizedException", message: "Refresh Token has expired", status: 400 });
    const tokenCall = calls.find((call) => call.url.endsWith("/oauth2/token"));
    expect(tokenCall?.authorization).toMatch(/^Basic /);
    expect(Object.fromEntries(new URLSearchParams(tokenCall?.body))).toEqual({
      grant_type: "refresh_token",
      refresh_token: "refresh-token",
    });
  });

  it("reads the OAuth error of a refused refresh", async () => {
    const { client } = cognito(() => Response.json({ error: "invalid_grant" }, { status: 400 }));
    await expect(client.refresh("refresh-token")).rejects.toMatchObject({ errorName: "invalid_grant", status: 400 });
  });

  it("reports a failed code exchange as 'HTTP error! status: {n}'", async () => {
    const { client } = cognito(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const callback = new URL(`https://shop.example.sg/member/login/?code=abc&state=${checks.state}`);
    await expect(client.exchangeCode(callback, checks)).rejects.toMatchObject({
      name: "IdentityProviderError",
      message: "HTTP error! status: 502",
      status: 502,
    });
  });

  it("revokes at /oauth2/revoke, which Cognito serves beside its token endpoint", async () => {
    const { client, calls } = cognito(() => new Response(null, { status: 500 }));
    await client.revoke("refresh-token");
    const revoke = calls.find((call) => call.url === `${DOMAIN}/oauth2/revoke`);
    expect(new URLSearchParams(revoke?.body).get("token")).toBe("refresh-token");
  });

  it("asks userinfo who an access token without email belongs to, once per token", async () => {
    const { client, calls } = cognito(() => new Response(null, { status: 500 }));
    const token = await accessToken();
    const identity = {
      subject: "pool-user-1",
      provider: "google",
      email: "mei.ling@example.com",
      emailVerified: true,
      name: "Tan Mei Ling",
      picture: null,
    };
    expect(await client.identityOfAccessToken(token)).toEqual(identity);
    expect(await client.identityOfAccessToken(token)).toEqual(identity);
    const userInfoCalls = calls.filter((call) => call.url.endsWith("/oauth2/userInfo"));
    expect(userInfoCalls).toHaveLength(1);
    expect(userInfoCalls[0]?.authorization).toBe(`Bearer ${token}`);
  });

  it.each([
    ["another app client's token", { client_id: "someone-else" }],
    ["an ID token", { token_use: "id", aud: "client-123" }],
  ])("refuses %s", async (_name, claims) => {
    const { client } = cognito(() => new Response(null, { status: 500 }));
    await expect(client.identityOfAccessToken(await accessToken(claims))).rejects.toMatchObject({
      errorName: "NotAuthorizedException",
      status: 401,
    });
  });
});
