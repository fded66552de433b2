import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../domain/shared/app-error.ts";
import { requestHash } from "../../domain/shared/request-hash.ts";
import type { GraphQLServerContext } from "../../server/graphql/context.ts";
import { createGraphQLHandler } from "../../server/graphql/yoga.ts";

const query = 'query($email: String!) { getMemberByEmailAndProviderTypeFast(email: $email, providerType: "google") { id } }';

async function ask(find: () => Promise<unknown>) {
  const error = vi.fn();
  const context = {
    shop: { members: { findSummaryByEmailAndProvider: find } },
    logger: { error, warn: vi.fn() },
    requestId: "req-1",
    session: null,
    debugTools: false,
    verifyAccessToken: async () => ({
      subject: "sub-1",
      provider: "google",
      email: "mei@example.com",
      emailVerified: true,
      name: "Mei",
      picture: null,
    }),
  } as unknown as GraphQLServerContext;
  const variables = { email: "mei@example.com" };
  const response = await createGraphQLHandler({ APP_ENV: "test" }).fetch(
    new Request("http://shop.test/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer t", "x-request-hash": requestHash(variables) },
      body: JSON.stringify({ query, variables }),
    }),
    context,
  );
  return { status: response.status, body: (await response.json()) as { errors?: unknown[] }, error };
}

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
});
