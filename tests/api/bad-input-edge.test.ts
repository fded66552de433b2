import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_DOCUMENT_LENGTH } from "../../server/graphql/limits.ts";
import { type DatabaseSnapshot, expectUnchanged, snapshotOf, wtf8FormBody } from "../setup/hostile-input.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const UNSTORABLE = "holds a NUL character or broken Unicode text, which cannot be accepted.";

describe("the edge refuses input no route could store, with a 400 that says why", () => {
  let shop: TestServer;
  let before: DatabaseSnapshot;
  beforeAll(async () => {
    shop = await startTestServer();
    before = await snapshotOf(shop.server.database.db);
  });
  afterAll(() => shop.close());

  const url = (path: string) => `${shop.baseUrl}${path}`;
  const postForm = (path: string, body: BodyInit, contentType?: string) =>
    fetch(url(path), {
      method: "POST",
      body,
      redirect: "manual",
      headers: contentType ? { "content-type": contentType } : {},
    });
  const postGraphQL = (body: string, contentType = "application/json") =>
    fetch(url("/graphql"), { method: "POST", body, headers: { "content-type": contentType } });

  async function expectPageRefusal(response: Response, message: string) {
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("set-cookie")).toBeNull();
    const page = await response.text();
    expect(page).toContain("<title>400 - Bad request | Nectar Lab</title>");
    expect(page.replaceAll("&quot;", '"').replaceAll("&#39;", "'")).toContain(message);
  }

  it.each([
    ["/pay/test/cs_test_%00", `The web address ${UNSTORABLE}`],
    ["/order/%00AB12CD", `The web address ${UNSTORABLE}`],
    ["/shop/%ED%A0%80", "The web address has a broken percent-escape or is not UTF-8 text."],
    ["/shop/joffee/%ZZ", "The web address has a broken percent-escape or is not UTF-8 text."],
    ["/checkout/summary?cancelled=%00", `The field "cancelled" ${UNSTORABLE}`],
    ["/member/login?redirect=%2Fmember%ED%B0%80", 'The field "redirect" has a broken percent-escape'],
  ])("answers GET %s with a readable page", async (path, message) => {
    await expectPageRefusal(await fetch(url(path), { redirect: "manual" }), message);
  });

  it("refuses form posts holding NUL or a lone surrogate, urlencoded or multipart, in a value or a name", async () => {
    const urlencoded = "application/x-www-form-urlencoded";
    await expectPageRefusal(
      await postForm(
        "/bag",
        wtf8FormBody([
          ["intent", "add"],
          ["optionId", "op-m8_ba-1b\u0000"],
          ["quantity", "1"],
        ]),
        urlencoded,
      ),
      `The field "optionId" ${UNSTORABLE}`,
    );
    await expectPageRefusal(
      await postForm("/checkout/summary", wtf8FormBody([["code", "WELCOME\ud800"]]), urlencoded),
      'The field "code" has a broken percent-escape or is not UTF-8 text.',
    );
    await expectPageRefusal(
      await postForm("/order", new Uint8Array([...new TextEncoder().encode("invoiceId="), 0xff, 0xfe]), urlencoded),
      "The request body is not UTF-8 text",
    );
    const value = new FormData();
    value.append("name", "Tan\u0000 Mei Ling");
    await expectPageRefusal(await postForm("/checkout/shipping", value), `The field "name" ${UNSTORABLE}`);
    const name = new FormData();
    name.append("intent\u0000", "add");
    await expectPageRefusal(await postForm("/bag", name), `A field's name ${UNSTORABLE}`);
    await expectUnchanged(shop.server.database.db, before, "the refused form posts");
  });

  it("leaves the body for the route to read, whichever way it comes", async () => {
    const urlencoded = await postForm("/bag", "intent=add&optionId=op-m8_ba-1b&quantity=1", "application/x-www-form-urlencoded");
    expect(urlencoded.status).toBe(303);
    expect(urlencoded.headers.get("location")).toBe("/bag?done=added");
    const form = new FormData();
    const fields: [string, string][] = [
      ["intent", "add"],
      ["optionId", "op-m8_ba-1b"],
      ["quantity", "2"],
    ];
    for (const [field, value] of fields) form.append(field, value);
    const multipart = await postForm("/bag", form);
    expect(multipart.status).toBe(303);
    const streamed = await fetch(url("/bag"), {
      method: "POST",
      body: new Blob(["intent=add&optionId=op-m8_ba-1b&quantity=1"]).stream(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(200);
    const malformed = await postForm("/bag", "--nope\r\n\r\n", "multipart/form-data; boundary=zzz");
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("The request could not be read.");
    before = await snapshotOf(shop.server.database.db);
  });

  it("answers /graphql in GraphQL's shape, for the body's variables and for GET's", async () => {
    const query = "query($code: String) { products(seriesCode: $code) { id } }";
    const refusals = [
      await postGraphQL(JSON.stringify({ query, variables: { code: "l\u0000" } })),
      await postGraphQL(JSON.stringify({ query, variables: { code: "\udc00l" } })),
      await postGraphQL(JSON.stringify({ query, variables: { nested: { list: ["ok", { "\u0000": 1 }] } } })),
      await fetch(url(`/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent('{"code":"\\u0000"}')}`)),
      await postGraphQL(
        new URLSearchParams({ query, variables: JSON.stringify({ code: "\u0000" }) }).toString(),
        "application/x-www-form-urlencoded",
      ),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { message: string; extensions: unknown }[] };
      expect(body).toEqual({
        errors: [{ message: expect.stringContaining(UNSTORABLE), extensions: { code: "BAD_USER_INPUT" } }],
      });
    }
    const notJson = await fetch(url(`/graphql?query=${encodeURIComponent(query)}&variables=%7Bnope`));
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      errors: [{ message: 'The field "variables" is not valid JSON.', extensions: { code: "BAD_USER_INPUT" } }],
    });
    const fine = await postGraphQL(JSON.stringify({ query, variables: { code: "l" } }));
    expect(fine.status).toBe(200);
    const lineUp = ["l8", "l4", "lbndl4", "lbndl7", "lbndl24"];
    expect(await fine.json()).toEqual({ data: { products: lineUp.map((id) => ({ id })) } });
  });

  it.each([
    [{ query: ["{ __typename }"] }, '"query" must be the GraphQL document as text, not an array.'],
    [{ query: 42 }, '"query" must be the GraphQL document as text, not a number.'],
    [{ query: { length: 3 } }, '"query" must be the GraphQL document as text, not an object.'],
    [{ query: null }, "Must provide query string."],
    [{ query: "{ __typename }", variables: '{"code":"l"}' }, '"variables" must be an object, not a string.'],
    [{ query: "{ __typename }", variables: [1] }, '"variables" must be an object, not an array.'],
    [{ query: "{ __typename }", operationName: ["A"] }, '"operationName" must be text, not an array.'],
    [{ query: "{ __typename }", operationName: 7 }, '"operationName" must be text, not a number.'],
    [{ query: "{ __typename }", extensions: "x" }, '"extensions" must be an object, not a string.'],
  ])("answers the parameters %j with 400 and what is wrong", async (body, message) => {
    const response = await postGraphQL(JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ message, extensions: { code: "BAD_REQUEST" } }] });
  });

  it("refuses JSON nested absurdly deep before anything walks it", async () => {
    const depth = 20_000;
    const body = `{"query":"{ series { code } }","variables":{"v":${"[".repeat(depth)}${"]".repeat(depth)}}}`;
    const response = await postGraphQL(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        {
          message: "The JSON in the request is nested more than 32 levels deep, which cannot be accepted.",
          extensions: { code: "BAD_USER_INPUT" },
        },
      ],
    });
  });

  it("refuses a document nested about 3,300 levels deep, under the size limit, with 400 rather than 500", async () => {
    const levels = Math.floor((MAX_DOCUMENT_LENGTH - 10) / 3);
    const query = `${"{a".repeat(levels)}${"}".repeat(levels)}`;
    const response = await postGraphQL(JSON.stringify({ query }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        { message: "The GraphQL document nests brackets more than 100 levels deep.", extensions: { code: "BAD_REQUEST" } },
      ],
    });
  });

  it("refuses a string literal holding NUL written into the document", async () => {
    const response = await postGraphQL(JSON.stringify({ query: '{ products(seriesCode: "l\\u0000") { id } }' }));
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: `A string in the query ${UNSTORABLE}`,
        extensions: { code: "BAD_USER_INPUT" },
      }),
    ]);
  });

  it("answers a body that is not JSON with 400 and never repeats it", async () => {
    const response = await postGraphQL('{"query": "{ series { code } }", "secret": "hunter2-in-the-body');
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      errors: [{ message: "POST body sent invalid JSON.", extensions: { code: "BAD_REQUEST" } }],
    });
    expect(text).not.toContain("hunter2");
    await expectUnchanged(shop.server.database.db, before, "the refused GraphQL requests");
  });
});
