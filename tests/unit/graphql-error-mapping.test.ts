import { describe, expect, it, vi } from "vitest";
import { guest } from "../../domain/shared/context.ts";
import { requestHash } from "../../domain/shared/request-hash.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { GraphQLServerContext } from "../../server/graphql/context.ts";
import { createGraphQLHandler } from "../../server/graphql/yoga.ts";

const query = 'query($email: String!) { getMemberByEmailAndProviderTypeFast(email: $email, providerType: "google") { id } }';

function serverContext(verifyAccessToken: () => Promise<never>) {
  const error = vi.fn();
  const context = {
    operations: { viewer: guest(), settings: { env: "test" } },
    logger: { error, warn: vi.fn() },
    requestId: "req-1",
    verifyAccessToken,
  } as unknown as GraphQLServerContext;
  return { context, error };
}

async function post(body: string, context: GraphQLServerContext, headers: Record<string, string> = {}) {
  const response = await createGraphQLHandler({ APP_ENV: "test" }).fetch(
    new Request("http://shop.test/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    }),
    context,
  );
  return { status: response.status, text: await response.text() };
}

/** The failure comes from checking the caller's token, the first thing the operation waits for. */
async function ask(fail: () => Promise<never>) {
  const { context, error } = serverContext(fail);
  const variables = { email: "mei@example.com" };
  const { status, text } = await post(JSON.stringify({ query, variables }), context, {
    authorization: "Bearer t",
    "x-request-hash": requestHash(variables),
  });
  return { status, body: JSON.parse(text) as { errors?: unknown[] }, error };
}

const neverCalled = async (): Promise<never> => {
  throw new Error("not expected to run");
};

describe("GraphQL error mapping", () => {
  it("gives an expected failure its code and message", async () => {
    const { status, body, error } = await ask(async () => {
      throw new AppError("NOT_FOUND", "No such member.");
    });
    expect(status).toBe(200);
    expect(body.errors).toEqual([expect.objectContaining({ message: "No such member.", extensions: { code: "NOT_FOUND" } })]);
    expect(error).not.toHaveBeenCalled();
  });

  it("masks anything else and logs it", async () => {
    const failure = new Error("connection to the database was lost at 10.0.0.7");
    const { body, error } = await ask(async () => {
      throw failure;
    });
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: "Something went wrong on our side. Please try again.",
        extensions: { code: "INTERNAL_SERVER_ERROR" },
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain("10.0.0.7");
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: failure }), "GraphQL operation failed");
  });

  it("answers a body that is not JSON with 400, without repeating it", async () => {
    const { context } = serverContext(neverCalled);
    const { status, text } = await post('{"query": "{ series { code } }", "password": "hunter2-secret', context);
    expect(status).toBe(400);
    expect(JSON.parse(text)).toEqual({
      errors: [{ message: "POST body sent invalid JSON.", extensions: { code: "BAD_REQUEST" } }],
    });
    expect(text).not.toContain("hunter2");
  });

  it("calls a variable of the wrong type bad input, naming its type instead of repeating the value", async () => {
    const { context } = serverContext(neverCalled);
    for (const email of [{ secret: "hunter2-secret" }, ["hunter2-secret"], 1e308]) {
      const { text } = await post(JSON.stringify({ query, variables: { email } }), context);
      expect(JSON.parse(text).errors).toEqual([
        expect.objectContaining({
          message: 'Variable "$email" got an invalid value; it must be of type "String!".',
          extensions: { code: "BAD_USER_INPUT" },
        }),
      ]);
      expect(text).not.toContain("hunter2");
    }
  });
});
