import { randomUUID } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberSessions } from "../../db/schema/sessions.ts";
import { hashOfToken, newSessionToken } from "../../domain/identity/session-token.ts";
import { requestHash } from "../../domain/shared/request-hash.ts";
import {
  callGraphQL,
  codesOf,
  DELETE,
  GET_BY_EMAIL,
  GET_OR_CREATE,
  memberOf as memberThrough,
  RESET,
  signIn,
  UNLINK,
} from "../setup/member-graphql.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("GraphQL member access (debug mode off)", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  const graphql = (query: string, variables?: Record<string, unknown>, options?: Parameters<typeof callGraphQL>[3]) =>
    callGraphQL(shop.baseUrl, query, variables, options);
  const memberOf = (account: { token: string }, cognitoData?: unknown) => memberThrough(shop.baseUrl, account, cognitoData);

  describe("authentication", () => {
    it("refuses a request without credentials", async () => {
      const reply = await graphql(GET_OR_CREATE, { cognitoData: "{}" }, { hash: null });
      expect(reply.status).toBe(401);
      expect(codesOf(reply)).toEqual(["UNAUTHENTICATED"]);
      expect(reply.body.data?.getOrCreateMember).toBeNull();
    });

    it("answers 401 to a tampered token and to one signed with another key", async () => {
      const { token } = await signIn(shop);
      const [header, , signature] = token.split(".");
      const claims = { ...decodeJwt(token), sub: "someone-else" };
      const tampered = [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
      const { privateKey } = await generateKeyPair("RS256");
      const forged = await new SignJWT(decodeJwt(token))
        .setProtectedHeader({ ...decodeProtectedHeader(token), alg: "RS256" })
        .sign(privateKey);
      for (const bad of [tampered, forged]) {
        const reply = await graphql(GET_OR_CREATE, { cognitoData: "{}" }, { token: bad });
        expect(reply.status).toBe(401);
        expect(codesOf(reply)).toEqual(["UNAUTHENTICATED"]);
      }
    });

    it("accepts the session cookie with the CSRF token, and refuses it without", async () => {
      const account = await signIn(shop);
      const member = await memberOf(account);
      const cookieToken = newSessionToken();
      const csrfToken = randomUUID();
      await shop.server.database.db.insert(memberSessions).values({
        id: hashOfToken(cookieToken),
        memberId: member.id,
        subject: account.subject,
        provider: "google",
        accessToken: account.token,
        accessExpiresAt: new Date(Date.now() + 3600_000),
        csrfToken,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const variables = { email: account.email, providerType: "google" };
      const cookie = { cookie: `session=${cookieToken}` };
      const withoutCsrf = await graphql(GET_BY_EMAIL, variables, { headers: cookie });
      expect(codesOf(withoutCsrf)).toEqual(["FORBIDDEN"]);
      expect(withoutCsrf.body.errors?.[0]?.message).toBe("Missing or wrong CSRF token.");
      const withCsrf = await graphql(GET_BY_EMAIL, variables, { headers: { ...cookie, "x-csrf-token": csrfToken } });
      expect(withCsrf.body.data?.getMemberByEmailAndProviderTypeFast).toMatchObject({ id: member.id });
      const noHash = await graphql(GET_BY_EMAIL, variables, { headers: { ...cookie, "x-csrf-token": csrfToken }, hash: null });
      expect(noHash.status).toBe(400);
    });

    it("never acts as the session cookie's member without the CSRF token, in any query or mutation", async () => {
      const account = await signIn(shop);
      const member = await memberOf(account);
      const cookieToken = newSessionToken();
      await shop.server.database.db.insert(memberSessions).values({
        id: hashOfToken(cookieToken),
        memberId: member.id,
        subject: account.subject,
        provider: "google",
        accessToken: account.token,
        accessExpiresAt: new Date(Date.now() + 3600_000),
        csrfToken: randomUUID(),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const earn = `mutation($memberId: ID!, $meta: String) { createEarnPointTransaction(memberId: $memberId, meta: $meta) { points } }`;
      const redeem = `mutation($memberId: ID!, $meta: String!) { addRedeemToBag(memberId: $memberId, meta: $meta) { points } }`;
      const asked: [string, Record<string, unknown>][] = [
        [GET_OR_CREATE, { cognitoData: "{}" }],
        [GET_BY_EMAIL, { email: account.email, providerType: "google" }],
        [earn, { memberId: member.id, meta: JSON.stringify({ activityType: "follow-ig" }) }],
        [redeem, { memberId: member.id, meta: JSON.stringify({ rewardId: "r-1", quantity: 1 }) }],
      ];
      for (const [query, variables] of asked) {
        for (const csrf of [{}, { "x-csrf-token": "not-the-token" }] as Record<string, string>[]) {
          const reply = await graphql(query, variables, { headers: { cookie: `session=${cookieToken}`, ...csrf } });
          expect(codesOf(reply)).toEqual(["FORBIDDEN"]);
          expect(reply.body.errors?.[0]?.message).toBe("Missing or wrong CSRF token.");
        }
      }
      expect(await memberOf(account)).toMatchObject({ id: member.id, points: 50, activities: ["sign-up"], redeems: [] });
    });
  });

  describe("X-Request-Hash", () => {
    it("is required with credentials and must match the variables", async () => {
      const { token, email } = await signIn(shop);
      const variables = { email, providerType: "google" };
      for (const hash of [null, "0", requestHash({ ...variables, providerType: "facebook" })]) {
        const reply = await graphql(GET_BY_EMAIL, variables, { token, hash });
        expect(reply.status).toBe(400);
        expect(reply.body.errors?.[0]?.message).toBe("X-Request-Hash does not match the variables.");
        expect(reply.body.data).toBeUndefined();
      }
      expect((await graphql(GET_BY_EMAIL, variables, { token, hash: requestHash(variables).toUpperCase() })).status).toBe(200);
    });

    it("is refused when wrong even without credentials", async () => {
      const reply = await graphql("query($id: ID!) { product(id: $id) { id } }", { id: "m8" }, { hash: "abc" });
      expect(reply.status).toBe(400);
      expect((await graphql("query($id: ID!) { product(id: $id) { id } }", { id: "m8" }, { hash: null })).status).toBe(200);
    });
  });

  describe("limits", () => {
    it("refuses queries nested too deep, with too many aliases or too costly", async () => {
      const deep = `{ ${"a { ".repeat(11)}b${" }".repeat(11)} }`;
      const deepReply = await graphql(deep);
      expect(deepReply.body.errors?.map((error) => error.message)).toContain(
        "The query is nested 12 levels deep; the limit is 10.",
      );

      const aliases = `{ ${Array.from({ length: 21 }, (_, index) => `s${index}: series { code }`).join(" ")} }`;
      const aliasReply = await graphql(aliases);
      expect(aliasReply.body.errors?.map((error) => error.message)).toEqual(["The query uses 21 aliases; the limit is 20."]);

      const catalogue = "products { purchaseOptions { optionId skus { skuId qty retailPrice format } } }";
      const costly = await graphql(`{ a: ${catalogue} b: ${catalogue} }`);
      expect(costly.body.errors?.[0]?.message).toMatch(/^The query costs more than 5000/);
      expect((await graphql(`{ ${catalogue} }`)).body.errors).toBeUndefined();
    });

    it("refuses an over-long document with 400", async () => {
      const reply = await graphql(`{ series { code } } # ${"x".repeat(10_000)}`);
      expect(reply.status).toBe(400);
      expect(reply.body.errors?.[0]?.message).toMatch(/characters long; the limit is 10000\.$/);
    });
  });

  it("refuses the debug operations, even on the caller's own member", async () => {
    const account = await signIn(shop);
    const member = await memberOf(account);
    for (const operation of [UNLINK, RESET, DELETE]) {
      const reply = await graphql(operation, { memberId: member.id }, { token: account.token });
      expect(codesOf(reply)).toEqual(["FORBIDDEN"]);
      expect(reply.body.errors?.[0]?.message).toBe("Debug operations are turned off.");
    }
    expect(await memberOf(account)).toMatchObject({ id: member.id, points: 50 });
  });
});

describe("GraphQL member access with short-lived tokens", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ EMBEDDED_IDP_ACCESS_TOKEN_TTL: "1" });
  });
  afterAll(() => shop.close());

  it("answers 401 once the access token has expired", async () => {
    const account = await signIn(shop);
    const expiresAtMs = Number(decodeJwt(account.token).exp) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAtMs - Date.now()) + 50));
    const reply = await callGraphQL(shop.baseUrl, GET_OR_CREATE, { cognitoData: "{}" }, { token: account.token });
    expect(reply.status).toBe(401);
    expect(codesOf(reply)).toEqual(["UNAUTHENTICATED"]);
  });
});
