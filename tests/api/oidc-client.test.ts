import { createHash } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IdentityClient } from "../../integrations/identity/identity-client.ts";
import { IdentityProviderError } from "../../integrations/identity/identity-client.ts";
import { createOidcIdentityClient } from "../../integrations/identity/oidc-client.ts";
import { clientPost, type EmbeddedIdentityProvider, signInAtAuthorizeUrl } from "../setup/embedded-sign-in.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const expected = { state: "state-0123456789abcdef", codeVerifier: "v".repeat(43), nonce: "nonce-0123456789abcdef" };
const person = { provider: "google", email: "Contract.Test@Example.com", name: "Contract Test" } as const;

describe("the OpenID client against the embedded provider", () => {
  let shop: TestServer;
  let idp: EmbeddedIdentityProvider;
  let client: IdentityClient;
  const clientAt = (options: { now?: () => Date; callbackTrailingSlash?: boolean } = {}) =>
    createOidcIdentityClient({
      ...idp,
      publicUrl: shop.baseUrl,
      callbackTrailingSlash: options.callbackTrailingSlash ?? false,
      allowHttp: true,
      now: options.now,
    });
  const signIn = async (checks = expected, provider: "google" | "facebook" = "google") => {
    const url = await client.authorizationUrl({ provider, callbackPath: "/member/login", ...checks });
    return signInAtAuthorizeUrl(url, { ...person, provider });
  };

  beforeAll(async () => {
    shop = await startTestServer();
    if (!shop.server.identityProvider) throw new Error("The embedded identity provider is not running.");
    idp = shop.server.identityProvider;
    client = clientAt();
  });
  afterAll(() => shop.close());

  it("builds the authorize address: code flow, PKCE S256, state, nonce, scope and the social provider", async () => {
    const url = await client.authorizationUrl({ provider: "facebook", callbackPath: "/member/link", ...expected });
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: idp.clientId,
      redirect_uri: `${shop.baseUrl}/member/link`,
      response_type: "code",
      scope: "email openid profile",
      identity_provider: "Facebook",
      code_challenge: createHash("sha256").update(expected.codeVerifier).digest("base64url"),
      code_challenge_method: "S256",
      state: expected.state,
      nonce: expected.nonce,
    });
    const slashed = await clientAt({ callbackTrailingSlash: true }).authorizationUrl({
      provider: "google",
      callbackPath: "/member/login",
      ...expected,
    });
    expect(slashed.searchParams.get("redirect_uri")).toBe(`${shop.baseUrl}/member/login/`);
    expect(slashed.searchParams.get("identity_provider")).toBe("Google");
  });

  it("exchanges the code for tokens and reads who signed in from the ID token", async () => {
    const before = Date.now();
    const callback = await signIn();
    expect(callback.pathname).toBe("/member/login");
    const result = await client.exchangeCode(callback, expected);
    expect(result.identity).toEqual({
      subject: decodeJwt(result.idToken ?? "").sub,
      provider: "google",
      email: "contract.test@example.com",
      emailVerified: true,
      name: "Contract Test",
      picture: null,
    });
    expect(result.refreshToken).toEqual(expect.any(String));
    expect(result.accessExpiresAt.getTime()).toBeGreaterThanOrEqual(before + 3_590_000);
    expect(result.accessExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it("refuses a callback whose state, PKCE verifier or nonce is not the one it sent", async () => {
    const wrongState = await signIn();
    await expect(client.exchangeCode(wrongState, { ...expected, state: "another-state-0123456789" })).rejects.toBeInstanceOf(
      IdentityProviderError,
    );

    const wrongVerifier = await signIn();
    const refused = await client.exchangeCode(wrongVerifier, { ...expected, codeVerifier: "w".repeat(43) }).catch((e) => e);
    expect(refused).toBeInstanceOf(IdentityProviderError);
    expect(refused).toMatchObject({ errorName: "invalid_grant", status: 400, message: "HTTP error! status: 400" });

    const wrongNonce = await signIn();
    await expect(client.exchangeCode(wrongNonce, { ...expected, nonce: "another-nonce-0123456789" })).rejects.toBeInstanceOf(
      IdentityProviderError,
    );
  });

  it("refreshes, verifies access tokens, and revokes the refresh token", async () => {
    const tokens = await client.exchangeCode(await signIn(), expected);
    expect((await client.identityOfAccessToken(tokens.accessToken)).email).toBe("contract.test@example.com");

    const refreshed = await client.refresh(tokens.refreshToken ?? "");
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect((await client.identityOfAccessToken(refreshed.accessToken)).subject).toBe(tokens.identity.subject);

    await client.revoke(tokens.refreshToken ?? "");
    const failed = await client.refresh(tokens.refreshToken ?? "").catch((e) => e);
    expect(failed).toBeInstanceOf(IdentityProviderError);
    expect(failed).toMatchObject({ errorName: "invalid_grant", status: 400 });
    const direct = await clientPost(idp, "/token", { grant_type: "refresh_token", refresh_token: tokens.refreshToken ?? "" });
    expect(direct.status).toBe(400);
  });

  it("refuses tampered, foreign, expired and ID tokens as NotAuthorizedException", async () => {
    const { accessToken, idToken } = await client.exchangeCode(await signIn(), expected);
    const refusal = (token: string, with_ = client) => with_.identityOfAccessToken(token).catch((e: unknown) => e);

    const [header, payload, signature] = accessToken.split(".");
    const claims = { ...decodeJwt(accessToken), email: "someone.else@example.com" };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    expect(await refusal(tampered)).toMatchObject({ errorName: "NotAuthorizedException", status: 401 });
    const flipped = `${header}.${payload}.${signature?.startsWith("A") ? "B" : "A"}${signature?.slice(1)}`;
    expect(await refusal(flipped)).toMatchObject({ errorName: "NotAuthorizedException" });

    // Same claims and key id, signed with a key the provider never published.
    const { privateKey } = await generateKeyPair("RS256");
    const foreign = await new SignJWT(decodeJwt(accessToken))
      .setProtectedHeader(decodeProtectedHeader(accessToken) as { alg: string })
      .sign(privateKey);
    expect(await refusal(foreign)).toMatchObject({ errorName: "NotAuthorizedException" });

    const twoHoursLater = clientAt({ now: () => new Date(Date.now() + 2 * 60 * 60 * 1000) });
    expect(await refusal(accessToken, twoHoursLater)).toMatchObject({
      errorName: "NotAuthorizedException",
      message: "Access Token has expired",
    });
    expect(await refusal(idToken ?? "")).toMatchObject({
      errorName: "NotAuthorizedException",
      message: "Token is not an access token",
    });
    expect(await refusal("not-a-jwt")).toMatchObject({ errorName: "NotAuthorizedException" });
  });

  it("finds the provider once it is reachable, after failing while it was not", async () => {
    let reachable = false;
    const late = createOidcIdentityClient({
      ...idp,
      publicUrl: shop.baseUrl,
      callbackTrailingSlash: false,
      allowHttp: true,
      fetch: (url, init) => (reachable ? fetch(url, init) : Promise.reject(new TypeError("fetch failed"))),
    });
    const first = await late.authorizationUrl({ provider: "google", callbackPath: "/member/login", ...expected }).catch((e) => e);
    expect(first).toMatchObject({ name: "IdentityProviderError", errorName: "NetworkError" });
    reachable = true;
    const url = await late.authorizationUrl({ provider: "google", callbackPath: "/member/login", ...expected });
    expect(url.pathname).toBe(new URL(`${idp.issuer}/auth`).pathname);
  });

  it("speaks plain HTTP only to the embedded provider", async () => {
    const strict = createOidcIdentityClient({ ...idp, publicUrl: shop.baseUrl, callbackTrailingSlash: false });
    await expect(
      strict.authorizationUrl({ provider: "google", callbackPath: "/member/login", ...expected }),
    ).rejects.toMatchObject({
      errorName: "InsecureIssuer",
    });
  });
});
