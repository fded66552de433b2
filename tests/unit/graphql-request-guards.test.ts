import { describe, expect, it, vi } from "vitest";
import { parseCognitoData } from "../../domain/members/cognito-data.ts";
import { guest, type OperationContext } from "../../domain/shared/context.ts";
import type { ActiveSession } from "../../domain/shared/session.ts";
import { credentialsOf } from "../../server/graphql/caller.ts";
import type { GraphQLServerContext } from "../../server/graphql/context.ts";
import { MAX_DOCUMENT_LENGTH, MAX_NESTING, nestingOf } from "../../server/graphql/limits.ts";
import { graphQLServerContext } from "../../server/graphql/route.ts";
import { createGraphQLHandler } from "../../server/graphql/yoga.ts";

const session: ActiveSession = {
  id: "s",
  memberId: "m",
  subject: "sub",
  provider: "google",
  csrfToken: "c",
  expiresAt: new Date(),
};
const request = (authorization?: string) =>
  new Request("http://shop.test/graphql", { headers: authorization === undefined ? {} : { authorization } });

describe("credentialsOf", () => {
  it("reads a bearer token, whatever the scheme's case", () => {
    expect(credentialsOf(request("Bearer abc.def.ghi"), null)).toEqual({ kind: "bearer", token: "abc.def.ghi" });
    expect(credentialsOf(request("bearer abc"), session)).toEqual({ kind: "bearer", token: "abc" });
  });

  it("treats an empty authorization as none, falling back to the session", () => {
    expect(credentialsOf(request(""), null)).toEqual({ kind: "none" });
    expect(credentialsOf(request("Bearer "), null)).toEqual({ kind: "none" });
    expect(credentialsOf(request("Bearer"), session)).toEqual({ kind: "session", session });
    expect(credentialsOf(request(), session)).toEqual({ kind: "session", session });
  });

  it("calls any other authorization malformed", () => {
    expect(credentialsOf(request("Basic dXNlcjpwYXNz"), null)).toEqual({ kind: "malformed" });
    expect(credentialsOf(request("Bearer two tokens"), null)).toEqual({ kind: "malformed" });
  });
});

describe("parseCognitoData", () => {
  it("reads single- and double-encoded objects, keeping only fields of the right type", () => {
    const data = { name: "Mei", picture: null, email: "mei@example.com", accessToken: "t", extra: 1 };
    expect(parseCognitoData(JSON.stringify(data), vi.fn())).toEqual({
      name: "Mei",
      picture: null,
      email: "mei@example.com",
      accessToken: "t",
    });
    expect(parseCognitoData(JSON.stringify(JSON.stringify({ name: 7, picture: "p" })), vi.fn())).toEqual({
      name: undefined,
      picture: "p",
      email: undefined,
      accessToken: undefined,
    });
  });

  it("reads malformed JSON and non-objects as {} and reports them", () => {
    for (const raw of ["{nope", "[1,2]", '"just a string"']) {
      const onMalformed = vi.fn();
      expect(parseCognitoData(raw, onMalformed)).toEqual({});
      expect(onMalformed).toHaveBeenCalledTimes(1);
    }
    const blank = vi.fn();
    expect(parseCognitoData("", blank)).toEqual({
      email: undefined,
      name: undefined,
      picture: undefined,
      accessToken: undefined,
    });
    expect(blank).not.toHaveBeenCalled();
  });
});

describe("nestingOf", () => {
  it("counts brackets of every kind inside each other", () => {
    expect(nestingOf("{ series { code } }", 100)).toBe(2);
    expect(nestingOf("query($ids: [ID!]!) { a(x: { y: [[1]] }) { b } }", 100)).toBe(5);
    expect(nestingOf("{a}{b}{c}", 100)).toBe(1);
  });

  it("skips brackets in strings, block strings and comments", () => {
    expect(nestingOf('{ a(x: "{{{[[[(((") }', 100)).toBe(2);
    expect(nestingOf('{ a(x: "\\"{{{") }', 100)).toBe(2);
    expect(nestingOf('{ a(x: """ {{{ \\""" {{{ """) }', 100)).toBe(2);
    expect(nestingOf("# {{{{{{\n{ a }", 100)).toBe(1);
  });

  it("stops counting once past the limit", () => {
    expect(nestingOf("{".repeat(5000), 100)).toBe(101);
  });
});

describe("documents nested too deeply to parse", () => {
  const context = {
    operations: { viewer: guest() },
    logger: { error: vi.fn(), warn: vi.fn() },
  } as unknown as GraphQLServerContext;
  const ask = async (query: string) => {
    const response = await createGraphQLHandler({ APP_ENV: "test" }).fetch(
      new Request("http://shop.test/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query }),
      }),
      context,
    );
    return { status: response.status, body: (await response.json()) as { errors?: { message: string }[] } };
  };

  it("refuses about 3,300 levels within the size limit with 400, before graphql-js recurses into them", async () => {
    const levels = Math.floor((MAX_DOCUMENT_LENGTH - 10) / 3);
    const query = `${"{a".repeat(levels)}${"}".repeat(levels)}`;
    expect(query.length).toBeLessThanOrEqual(MAX_DOCUMENT_LENGTH);
    const { status, body } = await ask(query);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toBe(`The GraphQL document nests brackets more than ${MAX_NESTING} levels deep.`);
  });

  it("lets a document at the limit through to validation", async () => {
    const query = `${"{a".repeat(MAX_NESTING)}${"}".repeat(MAX_NESTING)}`;
    const { body } = await ask(query);
    expect(body.errors?.[0]?.message).not.toContain("nests brackets");
  });
});

describe("the context a GraphQL request starts with", () => {
  it("is a guest holding the bag cookie's bag, however the page's context saw the session cookie", () => {
    const operations = {
      viewer: { kind: "member", memberId: "m", subject: "sub", bagToken: "bag-token", session, identity: null },
    } as unknown as OperationContext;
    const vars = { operations, session, log: {}, requestId: "r", clientAddress: "203.0.113.1" };
    const context = graphQLServerContext(vars as never, async () => {
      throw new Error("no token here");
    });
    expect(context.operations.viewer).toEqual(guest("bag-token"));
    expect(context.session).toBe(session);
  });
});
