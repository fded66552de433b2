import { createHash, randomBytes } from "node:crypto";
import { decodeJwt, type JWTPayload } from "jose";

export type EmbeddedIdentityProvider = { issuer: string; clientId: string; clientSecret: string };
export type TestIdentity = { provider: "google" | "facebook"; email: string; name: string };

export type EmbeddedSignIn = {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  idClaims: JWTPayload;
};

/** A small cookie jar (name, value, path) for walking the provider's pages with fetch. */
export type CookieJar = {
  /** The Cookie header for a request to this address, if any cookie applies. */
  header(url: URL): string | undefined;
  /** Keeps (or drops, when expired) the cookies a response set. */
  store(response: Response): void;
};

export function createCookieJar(): CookieJar {
  const cookies = new Map<string, { value: string; path: string }>();
  return {
    header(url) {
      const applicable = [...cookies].filter(([, cookie]) => pathMatches(url.pathname, cookie.path));
      return applicable.length > 0 ? applicable.map(([name, cookie]) => `${name}=${cookie.value}`).join("; ") : undefined;
    },
    store(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
        const separator = pair.indexOf("=");
        const name = pair.slice(0, separator);
        const value = pair.slice(separator + 1);
        const attribute = (key: string) =>
          attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
        const expires = attribute("expires");
        const gone = attribute("max-age") === "0" || (expires !== undefined && Date.parse(expires) <= Date.now());
        if (gone || value === "") cookies.delete(name);
        else cookies.set(name, { value, path: attribute("path") ?? "/" });
      }
    },
  };
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath || cookiePath === "/") return true;
  return requestPath.startsWith(cookiePath.endsWith("/") ? cookiePath : `${cookiePath}/`);
}

/** One request with the jar's cookies, redirects not followed. */
export async function fetchWithJar(jar: CookieJar, url: URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set("cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(response);
  return response;
}

/**
 * Drives the embedded provider like a browser from an authorize address: opens the sign-in page,
 * submits the identity and follows redirects until they leave the provider. Returns that address
 * (the client's redirect_uri with `code` and `state`, or with `error`).
 */
export async function signInAtAuthorizeUrl(
  authorizeUrl: string | URL,
  identity: TestIdentity,
  jar: CookieJar = createCookieJar(),
): Promise<URL> {
  let url = new URL(authorizeUrl);
  const providerPath = url.pathname.slice(0, url.pathname.lastIndexOf("/"));
  let submitted = false;
  for (let step = 0; step < 10; step++) {
    if (!url.pathname.startsWith(`${providerPath}/`)) return url;
    if (url.pathname.startsWith(`${providerPath}/interaction/`) && !submitted) {
      const page = await fetchWithJar(jar, url);
      if (page.status !== 200) throw new Error(`The sign-in page answered ${page.status}: ${await page.text()}`);
      await page.text();
      url = new URL(`${url.pathname}/login`, url);
      const login = await fetchWithJar(jar, url, { method: "POST", body: new URLSearchParams(identity) });
      url = nextLocation(login, url, await login.text());
      submitted = true;
      continue;
    }
    const response = await fetchWithJar(jar, url);
    url = nextLocation(response, url, await response.text());
  }
  throw new Error(`Too many redirects signing in at ${authorizeUrl}`);
}

function nextLocation(response: Response, from: URL, body: string): URL {
  const location = response.headers.get("location");
  if (response.status < 300 || response.status >= 400 || !location) {
    throw new Error(`Expected a redirect from ${from.pathname}, got ${response.status}: ${body.slice(0, 500)}`);
  }
  return new URL(location, from);
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** The client's Basic credentials, encoded as RFC 6749 §2.3.1 asks. */
export function basicAuthorization(idp: EmbeddedIdentityProvider): string {
  const encode = (value: string) => encodeURIComponent(value).replaceAll("%20", "+");
  return `Basic ${Buffer.from(`${encode(idp.clientId)}:${encode(idp.clientSecret)}`).toString("base64")}`;
}

/** A form POST to one of the provider's endpoints, authenticated as the shop's client. */
export function clientPost(idp: EmbeddedIdentityProvider, path: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${idp.issuer}${path}`, {
    method: "POST",
    headers: { authorization: basicAuthorization(idp), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/** The whole authorization-code flow with PKCE over HTTP, as the shop runs it, ending with the token response. */
export async function signInWithEmbeddedProvider(
  idp: EmbeddedIdentityProvider,
  options: TestIdentity & { redirectUri?: string },
): Promise<EmbeddedSignIn> {
  const redirectUri = options.redirectUri ?? `${idp.issuer.replace(/\/dev-idp$/, "")}/member/login`;
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(16).toString("base64url");
  const authorize = new URL(`${idp.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: idp.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "email openid profile",
    state,
    nonce: randomBytes(16).toString("base64url"),
    code_challenge: challenge,
    code_challenge_method: "S256",
    identity_provider: options.provider === "google" ? "Google" : "Facebook",
  }).toString();
  const callback = await signInAtAuthorizeUrl(authorize, options);
  const code = callback.searchParams.get("code");
  if (!code || callback.searchParams.get("state") !== state) {
    throw new Error(`The provider did not return a code: ${callback.href}`);
  }
  const response = await clientPost(idp, "/token", {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`Token request failed (${response.status}): ${JSON.stringify(body)}`);
  const { access_token, id_token, refresh_token, expires_in } = body;
  if (typeof access_token !== "string" || typeof id_token !== "string" || typeof refresh_token !== "string") {
    throw new Error(`The token response lacks a token: ${JSON.stringify(body)}`);
  }
  return {
    accessToken: access_token,
    idToken: id_token,
    refreshToken: refresh_token,
    expiresIn: Number(expires_in),
    idClaims: decodeJwt(id_token),
  };
}
