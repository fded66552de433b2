import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../server/http/body-limit.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

/** SPEC.md §7's calls, as a client written for the original backend makes them (decision record 020). */
describe("GraphQL: what a client written for the original backend relies on", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ DEBUG_TOOLS: "true" });
  });
  afterAll(() => shop.close());

  const post = (body: string) =>
    fetch(`${shop.baseUrl}/graphql`, { method: "POST", body, headers: { "content-type": "application/json" } });

  describe("a request that is not a GraphQL request", () => {
    it.each(["{}", '{"foo":1}', '{"foo":null}', '{"query":null}', "[1,2]", '["query"]', "[]", "null", "7"])(
      "answers %s with 400 and a BAD_REQUEST error",
      async (body) => {
        const reply = await post(body);
        expect(reply.status).toBe(400);
        const { errors } = (await reply.json()) as { errors: { message: string; extensions: { code: string } }[] };
        expect(errors).toEqual([{ message: expect.any(String), extensions: { code: "BAD_REQUEST" } }]);
      },
    );

    it("answers a GET without a query with 400", async () => {
      const reply = await fetch(`${shop.baseUrl}/graphql`);
      expect(reply.status).toBe(400);
      expect(await reply.json()).toEqual({
        errors: [{ message: "Must provide query string.", extensions: { code: "BAD_REQUEST" } }],
      });
    });

    it("answers a body over the limit with 413 in GraphQL's error shape", async () => {
      const query = `{ series { code } }${" ".repeat(MAX_BODY_BYTES)}`;
      const reply = await post(JSON.stringify({ query }));
      expect(reply.status).toBe(413);
      expect(await reply.json()).toEqual({
        errors: [{ message: "Request body is too large (limit 64 KB).", extensions: { code: "PAYLOAD_TOO_LARGE" } }],
      });
    });

    it("still answers a query that does not parse as GraphQL does, with 200", async () => {
      const reply = await post(JSON.stringify({ query: "{ series {" }));
      expect(reply.status).toBe(200);
      expect(((await reply.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe(
        "GRAPHQL_PARSE_FAILED",
      );
    });
  });
});
