import fc from "fast-check";
import {
  deepJson,
  describeRequest,
  hostileEpoch,
  hostileId,
  hostileNumber,
  hostileString,
  labelled,
  notMetaJson,
  poisonedText,
} from "./hostile-input.ts";

/** Hostile variables for any GraphQL field, from a description of its arguments and valid values for them. */

export type KeyKind = "text" | "number" | "epoch";
export type ArgKind = "text" | "id" | "ids" | "bool" | "int" | { meta: Record<string, KeyKind> };
export type Arg = { type: string; kind: ArgKind; base: unknown };
/** One field of the schema: its arguments with valid values, of which each run makes one or more hostile. */
export type Operation = {
  root: "query" | "mutation";
  selection: string;
  args: Record<string, Arg>;
  /** A read, or a call that changes nothing for an existing member: it may answer without an error. */
  mayAnswer?: boolean;
};

const KEY_POOLS: Record<KeyKind, fc.Arbitrary<unknown>> = { text: hostileString, number: hostileNumber, epoch: hostileEpoch };

/** A meta argument (JSON text): not text at all, not a JSON object, or its object with hostile keys. */
function hostileMeta(base: string, keys: Record<string, KeyKind>): fc.Arbitrary<unknown> {
  const withHostileKeys = fc
    .subarray(Object.keys(keys), { minLength: 1 })
    .chain((chosen) => fc.record(Object.fromEntries(chosen.map((key) => [key, KEY_POOLS[keys[key] ?? "text"]]))))
    .chain((hostile) => {
      const json = JSON.stringify({ ...JSON.parse(base), ...hostile });
      // meta may come double-encoded; the operation reads both.
      return fc.constantFrom(json, JSON.stringify(json));
    });
  return fc.oneof(hostileString, notMetaJson, withHostileKeys);
}

function hostileArg(arg: Arg): fc.Arbitrary<unknown> {
  if (typeof arg.kind === "object") return hostileMeta(String(arg.base), arg.kind.meta);
  switch (arg.kind) {
    case "text":
      return hostileString;
    case "id":
      return hostileId;
    case "ids":
      return fc.oneof(hostileId, fc.array(hostileId, { minLength: 1, maxLength: 4 }), fc.constant([[arg.base]]));
    case "bool":
      return fc.oneof(fc.constantFrom<unknown>("true", 1, 0, {}, [], "yes"), poisonedText, deepJson);
    case "int":
      return fc.oneof(hostileNumber, fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.constantFrom<unknown>(2 ** 31, 1.5));
  }
}

export function documentOf(name: string, operation: Operation): string {
  const args = Object.entries(operation.args);
  const declared = args.map(([arg, { type }]) => `$${arg}: ${type}`).join(", ");
  const passed = args.map(([arg]) => `${arg}: $${arg}`).join(", ");
  return `${operation.root}(${declared}) { ${name}(${passed}) ${operation.selection} }`;
}

export function hostileVariables(name: string, operation: Operation) {
  const names = Object.keys(operation.args);
  return fc
    .subarray(names, { minLength: 1 })
    .chain((chosen) => fc.record(Object.fromEntries(chosen.map((arg) => [arg, hostileArg(operation.args[arg] as Arg)]))))
    .map((hostile) => {
      const variables = { ...Object.fromEntries(names.map((arg) => [arg, operation.args[arg]?.base])), ...hostile };
      return labelled({ variables }, describeRequest(name, variables));
    });
}

/** JSON that is anything but text: numbers, booleans, objects, and arrays (of documents too). */
const notText: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue().filter((value) => typeof value !== "string" && value !== null),
  fc.array(fc.constant("{ __typename }"), { minLength: 1, maxLength: 3 }),
  fc.constantFrom<unknown>({ length: 5 }, [], {}),
);
/** JSON that is not an object: text (JSON text too), numbers, booleans, arrays. */
const notAnObject: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue().filter((value) => value !== null && (typeof value !== "object" || Array.isArray(value))),
  fc.constantFrom<unknown>("{}", '{"id":"1"}', []),
);

/**
 * A GraphQL request whose own parameters are of the wrong shape (a query that is not text or is
 * missing, variables or extensions that are not an object, an operationName that is not text),
 * around a `document` that would otherwise run.
 */
export function hostileEnvelope(document: string) {
  const valid = { query: document, variables: {}, operationName: null, extensions: {} };
  return fc
    .oneof(
      fc.record({ query: fc.oneof(notText, fc.constant(null), fc.constant(undefined)) }),
      fc.record({ variables: notAnObject }),
      fc.record({ operationName: notText }),
      fc.record({ extensions: notAnObject }),
    )
    .chain((hostile) =>
      fc.subarray(Object.keys(valid)).map((kept): Record<string, unknown> => ({ ...pick(valid, kept), ...hostile })),
    )
    .map((body) => labelled({ body }, describeRequest("POST /graphql", body)));
}

function pick(from: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, from[key]]));
}
