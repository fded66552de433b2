import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { identityFromClaims } from "../../integrations/identity/identity-claims.ts";
import { loadConfig } from "../../server/env.ts";
import { type RunningServer, startServer } from "../../server/start.ts";
import {
  clientPost,
  createCookieJar,
  type EmbeddedIdentityProvider,
  fetchWithJar,
  pkcePair,
  signInAtAuthorizeUrl,
  signInWithEmbeddedProvider,
} from "../setup/embedded-sign-in.ts";
import { prepareShopDatabase, type ShopDatabase } from "../setup/test-database.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const MEI_LING = { provider: "google", email: "mei.ling@example.com", name: "Tan Mei Ling" } as const;

function providerOf(shop: TestServer): EmbeddedIdentityProvider {
  const idp = shop.server.identityProvider;
  if (!idp) throw new Error("The test server has no embedded identity provider.");
  return idp;
}

function authorizeUrl(idp: EmbeddedIdentityProvider, overrides: Record<string, string | undefined> = {}): URL {
  const params: Record<string, string | undefined> = {
    client_id: idp.clientId,
    redirect_uri: `${idp.issuer.replace(/\/dev-idp$/, "")}/member/login`,
    response_type: "code",
    scope: "email openid profile",
    state: "state-1",
    code_challenge: pkcePair().challenge,
    code_challenge_method: "S256",
    identity_provider: "Google",
    ...overrides,
  };
  const url = new URL(`${idp.issuer}/auth`);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url;
}

async function refresh(idp: EmbeddedIdentityProvider, refreshToken: string): Promise<Response> {
  return clientPost(idp, "/token", { grant_type: "refresh_token", refresh_token: refreshToken });
}

/** Opens the sign-in page of a fresh authorization request; returns the page and the jar that holds its cookies. */
async function openSignInPage(idp: EmbeddedIdentityProvider, identityProvider = "Google") {
  const jar = createCookieJar();
  const started = await fetchWithJar(jar, authorizeUrl(idp, { identity_provider: identityProvider }));
  expect(started.status).toBe(303);
  const pageUrl = new URL(started.headers.get("location") ?? "", idp.issuer);
  const page = await fetchWithJar(jar, pageUrl);
  return { jar, pageUrl, page, html: await page.text() };
}

describe("the embedded OpenID Provider", () => {
  let shop: TestServer;
  let idp: EmbeddedIdentityProvider;
  let publicUrl: string;
  beforeAll(async () => {
    shop = await startTestServer();
    idp = providerOf(shop);
    publicUrl = shop.server.publicUrl;
  });
  afterAll(() => shop.close());

  it("publishes its metadata at /dev-idp with the shop's address as issuer", async () => {
    const response = await fetch(`${publicUrl}/dev-idp/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${publicUrl}/dev-idp`);
    expect(idp.issuer).toBe(`${publicUrl}/dev-idp`);
    expect(idp.clientId).toBe("nectar-lab-web");
    expect(metadata.authorization_endpoint).toBe(`${publicUrl}/dev-idp/auth`);
    expect(metadata.token_endpoint).toBe(`${publicUrl}/dev-idp/token`);
    expect(metadata.jwks_uri).toBe(`${publicUrl}/dev-idp/jwks`);
    expect(metadata.userinfo_endpoint).toBe(`${publicUrl}/dev-idp/me`);
    expect(metadata.revocation_endpoint).toBe(`${publicUrl}/dev-idp/token/revocation`);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(metadata.response_types_supported).toEqual(["code"]);
    expect(metadata.id_token_signing_alg_values_supported).toContain("RS256");
  });

  it("signs in with Google through the sign-in page and returns ID, access and refresh tokens", async () => {
    const tokens = await signInWithEmbeddedProvider(idp, MEI_LING);
    expect(tokens.expiresIn).toBe(3600);
    expect(tokens.refreshToken.length).toBeGreaterThan(20);
    expect(tokens.idClaims).toMatchObject({ iss: idp.issuer, aud: idp.clientId, email: MEI_LING.email, name: MEI_LING.name });
  });

  it("answers every request once: the shop never writes out again what the provider has sent", async () => {
    const logged = vi.spyOn(console, "error");
    try {
      await signInWithEmbeddedProvider(idp, MEI_LING);
      const discovery = await fetch(`${publicUrl}/dev-idp/.well-known/openid-configuration`);
      expect(discovery.headers.get("x-request-id")).toMatch(/\S{8,}/);
      // The socket's answer is complete before the server would write again.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(logged.mock.calls.flat().map(String).join("\n")).not.toContain("ERR_HTTP_HEADERS_SENT");
    } finally {
      logged.mockRestore();
    }
  });

  it("issues ID and access tokens that verify against the published keys and carry Cognito's claims", async () => {
    const tokens = await signInWithEmbeddedProvider(idp, MEI_LING);
    const keys = createRemoteJWKSet(new URL(`${idp.issuer}/jwks`));
    const { payload: id, protectedHeader } = await jwtVerify(tokens.idToken, keys, {
      issuer: idp.issuer,
      audience: idp.clientId,
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(id.email_verified).toBe(true);
    expect(id["cognito:username"]).toMatch(/^Google_\d+$/);
    expect(typeof id.identities).toBe("string");
    const [federated] = JSON.parse(id.identities as string) as Record<string, unknown>[];
    expect(federated).toMatchObject({ providerName: "Google", providerType: "Google", issuer: null, primary: "true" });
    expect(id["cognito:username"]).toBe(`Google_${federated?.userId}`);

    const { payload: access } = await jwtVerify(tokens.accessToken, keys, {
      issuer: idp.issuer,
      audience: idp.clientId,
      typ: "at+jwt",
    });
    expect(access).toMatchObject({
      sub: id.sub,
      client_id: idp.clientId,
      token_use: "access",
      username: id["cognito:username"],
      email: MEI_LING.email,
      email_verified: true,
      name: MEI_LING.name,
      scope: "openid email profile",
    });
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(3600);

    const expected = { subject: id.sub, provider: "google", email: MEI_LING.email, emailVerified: true, name: MEI_LING.name };
    expect(identityFromClaims(id)).toEqual({ ...expected, picture: null });
    expect(identityFromClaims(access)).toEqual({ ...expected, picture: null });
  });

  it("keeps one subject per provider and email, and gives another provider another subject", async () => {
    const first = await signInWithEmbeddedProvider(idp, { provider: "google", email: "siti@example.com", name: "Siti Rahman" });
    const again = await signInWithEmbeddedProvider(idp, { provider: "google", email: "Siti@Example.com", name: "Siti R." });
    const facebook = await signInWithEmbeddedProvider(idp, {
      provider: "facebook",
      email: "siti@example.com",
      name: "Siti Rahman",
    });
    expect(again.idClaims.sub).toBe(first.idClaims.sub);
    expect(again.idClaims.name).toBe("Siti R.");
    expect(facebook.idClaims.sub).not.toBe(first.idClaims.sub);
    expect(facebook.idClaims["cognito:username"]).toMatch(/^Facebook_\d+$/);
    expect(identityFromClaims(facebook.idClaims).provider).toBe("facebook");
  });

  it("accepts the callback addresses with a trailing slash and /member/link", async () => {
    const tokens = await signInWithEmbeddedProvider(idp, { ...MEI_LING, redirectUri: `${publicUrl}/member/link/` });
    expect(tokens.idClaims.email).toBe(MEI_LING.email);
  });

  it("refreshes with the refresh token", async () => {
    const tokens = await signInWithEmbeddedProvider(idp, MEI_LING);
    const response = await refresh(idp, tokens.refreshToken);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, string>;
    const keys = createRemoteJWKSet(new URL(`${idp.issuer}/jwks`));
    const { payload } = await jwtVerify(body.access_token ?? "", keys, { issuer: idp.issuer, audience: idp.clientId });
    expect(payload.sub).toBe(tokens.idClaims.sub);
    expect(payload.email).toBe(MEI_LING.email);
    expect(decodeJwt(body.id_token ?? "").sub).toBe(tokens.idClaims.sub);
  });

  it("refuses its JWT access tokens at userinfo (they are bound to the shop's API)", async () => {
    const tokens = await signInWithEmbeddedProvider(idp, MEI_LING);
    const response = await fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("revokes a refresh token so it can no longer be used", async () => {
    const tokens = await signInWithEmbeddedProvider(idp, MEI_LING);
    const revoked = await clientPost(idp, "/token/revocation", {
      token: tokens.refreshToken,
      token_type_hint: "refresh_token",
    });
    expect(revoked.status).toBe(200);
    const response = await refresh(idp, tokens.refreshToken);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("requires PKCE", async () => {
    const response = await fetch(authorizeUrl(idp, { code_challenge: undefined, code_challenge_method: undefined }), {
      redirect: "manual",
    });
    const location = new URL(response.headers.get("location") ?? "", publicUrl);
    expect(location.pathname).toBe("/member/login");
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("error_description")).toContain("PKCE");
  });

  it("refuses a code exchanged without its PKCE verifier", async () => {
    const callback = await signInAtAuthorizeUrl(authorizeUrl(idp), MEI_LING);
    const response = await clientPost(idp, "/token", {
      grant_type: "authorization_code",
      code: callback.searchParams.get("code") ?? "",
      redirect_uri: `${publicUrl}/member/login`,
      code_verifier: pkcePair().verifier,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("refuses an unregistered redirect_uri without redirecting to it", async () => {
    const response = await fetch(authorizeUrl(idp, { redirect_uri: "https://evil.example/callback" }), { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    const html = await response.text();
    expect(html).toContain("redirect_uri");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("shows a sign-in page that preselects the requested provider and offers ready identities", async () => {
    const { page, html } = await openSignInPage(idp, "Facebook");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'nonce-");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Sign in | Test identity provider</title>");
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.headers.get("content-security-policy")).toMatch(/img-src 'self'/);
    expect(html).toMatch(/<input type="radio" name="provider" value="facebook" checked>/);
    expect(html).not.toMatch(/value="google" checked/);
    expect(html).toContain("Tan Mei Ling · Google · mei.ling@example.com");
    expect(html).toContain("Arjun Nair · Facebook · arjun@example.com");
    expect(html).not.toMatch(/<script/i);
  });

  it("rejects a malformed email with a message next to the field, and escapes what was typed", async () => {
    const { jar, pageUrl } = await openSignInPage(idp);
    const response = await fetchWithJar(jar, new URL(`${pageUrl.pathname}/login`, pageUrl), {
      method: "POST",
      body: new URLSearchParams({ provider: "google", email: "not-an-email", name: "<b>Mallory</b>" }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('aria-describedby="email-error"');
    expect(html).toMatch(/<p id="email-error"[^>]*>Enter an email address like name@example.com.<\/p>/);
    expect(html).toContain('value="&lt;b&gt;Mallory&lt;/b&gt;"');
    expect(html).not.toContain("<b>Mallory</b>");
  });

  it("sends the shopper back with access_denied on Cancel", async () => {
    const { jar, pageUrl } = await openSignInPage(idp);
    let url = new URL(`${pageUrl.pathname}/abort`, pageUrl);
    let response = await fetchWithJar(jar, url, { method: "POST" });
    while (response.status === 303 && new URL(response.headers.get("location") ?? "", url).pathname.startsWith("/dev-idp")) {
      url = new URL(response.headers.get("location") ?? "", url);
      response = await fetchWithJar(jar, url);
    }
    const callback = new URL(response.headers.get("location") ?? "", url);
    expect(callback.pathname).toBe("/member/login");
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe("state-1");
  });

  it("answers a sign-in page without its cookie as expired", async () => {
    const { pageUrl } = await openSignInPage(idp);
    const response = await fetch(pageUrl);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This sign-in has expired");
  });

  it("lets other tests drive the page from any authorize address", async () => {
    const callback = await signInAtAuthorizeUrl(authorizeUrl(idp, { identity_provider: "Facebook" }), {
      provider: "facebook",
      email: "arjun@example.com",
      name: "Arjun Nair",
    });
    expect(callback.pathname).toBe("/member/login");
    expect(callback.searchParams.get("code")).toBeTruthy();
    expect(callback.searchParams.get("iss")).toBe(idp.issuer);
  });
});

describe("the embedded OpenID Provider across a restart", () => {
  let dataDir: string;
  let database: ShopDatabase;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "shop-idp-"));
    database = await prepareShopDatabase(dataDir);
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function start(port: number): Promise<RunningServer> {
    return startServer(
      loadConfig({
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        APP_ENV: "test",
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      }),
    );
  }

  it("keeps refresh tokens, the client secret and the signing keys", async () => {
    const first = await start(0);
    const idp = first.identityProvider;
    if (!idp) throw new Error("no embedded identity provider");
    const tokens = await signInWithEmbeddedProvider(idp, MEI_LING);
    const keysBefore = await (await fetch(`${idp.issuer}/jwks`)).json();
    await first.close();

    // Same port, so the issuer (built from the public address) stays the same.
    const second = await start(first.port);
    try {
      expect(second.identityProvider).toEqual(idp);
      expect(await (await fetch(`${idp.issuer}/jwks`)).json()).toEqual(keysBefore);
      await jwtVerify(tokens.idToken, createRemoteJWKSet(new URL(`${idp.issuer}/jwks`)), { issuer: idp.issuer });
      const response = await refresh(idp, tokens.refreshToken);
      expect(response.status).toBe(200);
      expect(decodeJwt(((await response.json()) as { id_token: string }).id_token).sub).toBe(tokens.idClaims.sub);
    } finally {
      await second.close();
    }
  });
});

describe("the embedded OpenID Provider's settings and limits", () => {
  let shop: TestServer;
  let idp: EmbeddedIdentityProvider;
  beforeAll(async () => {
    shop = await startTestServer({ EMBEDDED_IDP_ACCESS_TOKEN_TTL: "120", TRUSTED_PROXY_HOPS: "1" });
    idp = providerOf(shop);
  });
  afterAll(() => shop.close());

  /** Requests until the first 429 (a fixed window may turn over once: two windows' worth always reach it). */
  async function untilRefused(limit: number, send: () => Promise<Response>) {
    const statuses: number[] = [];
    while (statuses.length <= 2 * limit) {
      const response = await send();
      statuses.push(response.status);
      if (response.status === 429) return { statuses, refusal: response };
      await response.body?.cancel();
    }
    throw new Error(`Never refused: ${statuses.join(",")}`);
  }

  it("issues access tokens with the configured lifetime", async () => {
    const tokens = await signInWithEmbeddedProvider(idp, MEI_LING);
    expect(tokens.expiresIn).toBe(120);
    const access = decodeJwt(tokens.accessToken);
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(120);
  });

  it("answers 429 slow_down at the token endpoint once a client has had 60 requests refused in 15 minutes", async () => {
    const { statuses, refusal } = await untilRefused(60, () =>
      fetch(`${idp.issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.7" },
        body: new URLSearchParams({ grant_type: "authorization_code", code: "nope", client_id: idp.clientId }),
      }),
    );
    expect(statuses.length).toBeGreaterThanOrEqual(61);
    expect(statuses.slice(0, 60).every((status) => status !== 429)).toBe(true);
    const body = (await refusal.json()) as { error: string; error_description: string };
    expect(body.error).toBe("slow_down");
    expect(body.error_description).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Another client is not affected.
    const other = await clientPost(idp, "/token", { grant_type: "authorization_code", code: "nope" });
    expect(other.status).toBe(400);
  });

  it("answers the sign-in form with a clear message once a client is over 30 attempts in 15 minutes", async () => {
    const { statuses, refusal } = await untilRefused(30, () =>
      fetch(`${idp.issuer}/interaction/unknown/login`, {
        method: "POST",
        headers: { "x-forwarded-for": "203.0.113.8" },
        body: new URLSearchParams({ provider: "google", email: "a@example.com", name: "A" }),
      }),
    );
    expect(statuses.length).toBeGreaterThanOrEqual(31);
    expect(refusal.headers.get("content-type")).toContain("text/html");
    expect(await refusal.text()).toMatch(/role="alert">Too many attempts\. Please try again in \d+ minutes?\.</);
  });
});

describe("the embedded OpenID Provider in production", () => {
  it("is not mounted, and the shop starts without contacting the configured issuer", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "shop-prod-"));
    const database = await prepareShopDatabase(dataDir);
    const server = await startServer(
      loadConfig({
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        APP_ENV: "production",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        EMAIL_LINK_SECRET: "embedded-provider-email-link-secret-0123",
        OIDC_ISSUER: "https://cognito-idp.us-east-2.amazonaws.com/us-east-2_Example",
        OIDC_CLIENT_ID: "shop-client",
        OIDC_CLIENT_SECRET: "shop-client-secret",
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      }),
    );
    try {
      expect(server.identityProvider).toBeNull();
      const response = await fetch(`http://127.0.0.1:${server.port}/dev-idp/.well-known/openid-configuration`);
      expect(response.status).toBe(404);
    } finally {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
