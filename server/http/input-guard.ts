import type { Context, MiddlewareHandler } from "hono";
import { mayCarryBody } from "./body-limit.ts";
import { encodedFieldsProblem, fieldProblem, jsonProblem, NOT_UTF8, pathProblem, textProblem, utf8 } from "./input-scan.ts";
import { refusalPage } from "./refusal-page.ts";
import type { HttpEnv } from "./request-context.ts";

const GRAPHQL_PATH = "/graphql";
/** GraphQL's transports other than a JSON body carry these parameters as JSON text. */
const GRAPHQL_JSON_FIELDS: ReadonlySet<string> = new Set(["variables", "extensions", "operations", "map"]);
const NO_JSON_FIELDS: ReadonlySet<string> = new Set();

const isJson = (type: string) => type === "application/json" || type.endsWith("+json");

async function multipartProblem(request: Request, jsonFields: ReadonlySet<string>): Promise<string | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // The route reads the body itself and answers a malformed one with its own 400.
    return null;
  }
  for (const [name, value] of form) {
    const problem = fieldProblem(name, typeof value === "string" ? value : value.name, jsonFields);
    if (problem) return problem;
  }
  return null;
}

/** What is wrong with a body the shop reads (forms, JSON, a GraphQL document), or null. It reads a copy. */
async function bodyProblem(request: Request, jsonFields: ReadonlySet<string>): Promise<string | null> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "multipart/form-data") return multipartProblem(request.clone(), jsonFields);
  const form = type === "application/x-www-form-urlencoded";
  if (!form && !isJson(type) && type !== "application/graphql") return null;
  const text = utf8(await request.clone().arrayBuffer());
  if (text === null) return NOT_UTF8;
  if (form) return encodedFieldsProblem(text, jsonFields);
  if (!isJson(type)) return textProblem(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Malformed JSON is answered by the route (GraphQL: 400, without repeating the body).
    return null;
  }
  return jsonProblem(parsed, "");
}

/**
 * Refuses, before any route reads it, input that no route could store: a NUL character or broken
 * Unicode (a lone surrogate, bytes that are not UTF-8, a broken percent-escape) in the web address,
 * a form field, a JSON body or GraphQL's variables, and JSON nested absurdly deep. PostgreSQL cannot
 * store such text, so it used to surface as HTTP 500; here it is a 400 that says what is wrong.
 * The operations' own schemas refuse it too; this makes it certain for every route. It only reads
 * the body when there is one, and from a copy, so the route still can.
 */
export function refuseUnreadableInput(brandName: string): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    const jsonFields = url.pathname === GRAPHQL_PATH ? GRAPHQL_JSON_FIELDS : NO_JSON_FIELDS;
    const problem =
      pathProblem(url.pathname) ??
      (url.search.length > 1 ? encodedFieldsProblem(url.search.slice(1), jsonFields) : null) ??
      (mayCarryBody(request.method) && request.body ? await bodyProblem(request, jsonFields) : null);
    if (!problem) return next();
    return url.pathname === GRAPHQL_PATH ? graphqlRefusal(c, problem) : pageRefusal(c, problem, brandName);
  };
}

function graphqlRefusal(c: Context<HttpEnv>, message: string) {
  c.header("Cache-Control", "no-store");
  return c.json({ errors: [{ message, extensions: { code: "BAD_USER_INPUT" } }] }, 400);
}

function pageRefusal(c: Context<HttpEnv>, message: string, brandName: string) {
  return refusalPage(c, { status: 400, title: "Bad request", heading: "We could not read that request", message }, brandName);
}
