import { describe, expect, it, vi } from "vitest";
import type { ActiveSession } from "../../domain/members/session.ts";
import { credentialsOf } from "../../server/graphql/caller.ts";
import { parseCognitoData } from "../../server/graphql/cognito-data.ts";

const session: ActiveSession = { id: "s", memberId: "m", subject: "sub", provider: "google", csrfToken: "c" };
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
