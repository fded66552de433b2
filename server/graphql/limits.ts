import {
  buildSchema,
  type FragmentDefinitionNode,
  type GraphQLOutputType,
  getNamedType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  type SelectionSetNode,
  type ValidationRule,
} from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import { isStorableText } from "../../domain/shared/input.ts";

export const MAX_DOCUMENT_LENGTH = 10_000;
/** Brackets of any kind ({ ( [) inside each other; graphql-js parses recursively and overflows past a few thousand. */
export const MAX_NESTING = 100;
export const MAX_DEPTH = 10;
export const MAX_ALIASES = 20;
export const MAX_COST = 5_000;
/** Each field costs 1; a field inside a list counts this many times for every list around it. */
export const LIST_FACTOR = 10;
/** Bounds the work of measuring a document whose fragments spread each other many times over. */
const MAX_STEPS = 20 * MAX_COST;

/** For each object type, its fields: the named type they return and whether that is a list. */
type FieldTypes = Map<string, Map<string, { type: string; list: boolean }>>;

function isList(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type);
}

/**
 * Read from the committed SDL with this module's own graphql-js, so the rules below need nothing but
 * the query's syntax and plain data (tests load a second copy of graphql-js for the server).
 */
function fieldTypesOf(sdl: string): { fields: FieldTypes; roots: Record<string, string | undefined> } {
  const schema = buildSchema(sdl);
  const fields: FieldTypes = new Map();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    const byName = new Map<string, { type: string; list: boolean }>();
    for (const field of Object.values(type.getFields())) {
      byName.set(field.name, { type: getNamedType(field.type).name, list: isList(field.type) });
    }
    fields.set(type.name, byName);
  }
  return {
    fields,
    roots: { query: schema.getQueryType()?.name, mutation: schema.getMutationType()?.name },
  };
}

/**
 * How deeply the document nests brackets ({ ( [), counted in one pass before graphql-js parses it,
 * skipping strings, block strings and comments; it stops counting once past `limit`.
 */
export function nestingOf(document: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < document.length && deepest <= limit; i++) {
    const char = document[i];
    if (char === "#") {
      while (i + 1 < document.length && document[i + 1] !== "\n" && document[i + 1] !== "\r") i++;
    } else if (document.startsWith('"""', i)) {
      const end = closingBlockQuote(document, i + 3);
      i = end < 0 ? document.length : end + 2;
    } else if (char === '"') {
      i += 1;
      while (i < document.length && document[i] !== '"' && document[i] !== "\n") i += document[i] === "\\" ? 2 : 1;
    } else if (char === "{" || char === "(" || char === "[") {
      depth += 1;
      deepest = Math.max(deepest, depth);
    } else if (char === "}" || char === ")" || char === "]") {
      depth -= 1;
    }
  }
  return deepest;
}

/** Where the block string ends (its closing `"""`, not an escaped `\"""`), or -1. */
function closingBlockQuote(document: string, from: number): number {
  for (let at = document.indexOf('"""', from); at >= 0; at = document.indexOf('"""', at + 1)) {
    if (document[at - 1] !== "\\") return at;
  }
  return -1;
}

type Tally = { depth: number; aliases: number; cost: number; steps: number };

function measure(
  selectionSet: SelectionSetNode,
  parentType: string | undefined,
  depth: number,
  multiplier: number,
  tally: Tally,
  context: { fields: FieldTypes; fragment: (name: string) => FragmentDefinitionNode | undefined; spreading: Set<string> },
): void {
  for (const selection of selectionSet.selections) {
    tally.steps += 1;
    if (tally.cost > MAX_COST || tally.steps > MAX_STEPS) return;
    if (selection.kind === "Field") {
      const name = selection.name.value;
      // Introspection is refused in production; elsewhere its own deep queries are not limited.
      if (name === "__schema" || name === "__type") continue;
      if (selection.alias) tally.aliases += 1;
      tally.cost += multiplier;
      tally.depth = Math.max(tally.depth, depth + 1);
      if (!selection.selectionSet) continue;
      const field = parentType ? context.fields.get(parentType)?.get(name) : undefined;
      measure(selection.selectionSet, field?.type, depth + 1, multiplier * (field?.list ? LIST_FACTOR : 1), tally, context);
    } else if (selection.kind === "InlineFragment") {
      measure(selection.selectionSet, selection.typeCondition?.name.value ?? parentType, depth, multiplier, tally, context);
    } else {
      const name = selection.name.value;
      const fragment = context.fragment(name);
      // A fragment that spreads itself is reported by graphql-js's own rule; here it just stops.
      if (!fragment || context.spreading.has(name)) continue;
      context.spreading.add(name);
      measure(fragment.selectionSet, fragment.typeCondition.name.value, depth, multiplier, tally, context);
      context.spreading.delete(name);
    }
  }
}

function limitRule(sdl: string): ValidationRule {
  const { fields, roots } = fieldTypesOf(sdl);
  return (context) => ({
    OperationDefinition(operation) {
      const tally: Tally = { depth: 0, aliases: 0, cost: 0, steps: 0 };
      measure(operation.selectionSet, roots[operation.operation], 0, 1, tally, {
        fields,
        fragment: (name) => context.getFragment(name) ?? undefined,
        spreading: new Set(),
      });
      const refuse = (message: string) =>
        context.reportError(
          createGraphQLError(message, { nodes: [operation], extensions: { code: "GRAPHQL_VALIDATION_FAILED" } }),
        );
      if (tally.depth > MAX_DEPTH) refuse(`The query is nested ${tally.depth} levels deep; the limit is ${MAX_DEPTH}.`);
      if (tally.aliases > MAX_ALIASES) refuse(`The query uses ${tally.aliases} aliases; the limit is ${MAX_ALIASES}.`);
      if (tally.cost > MAX_COST || tally.steps > MAX_STEPS) {
        refuse(
          `The query costs more than ${MAX_COST}: each field costs 1, and a field inside a list counts ${LIST_FACTOR} times. Ask for fewer fields.`,
        );
      }
    },
  });
}

function refusal(message: string) {
  return { errors: [createGraphQLError(message, { extensions: { code: "BAD_REQUEST", http: { status: 400 } } })] };
}

/** A string written into the document (`"\u0000"`) reaches resolvers as a variable's value would. */
const storableLiterals: ValidationRule = (context) => ({
  StringValue(node) {
    if (isStorableText(node.value)) return;
    context.reportError(
      createGraphQLError("A string in the query holds a NUL character or broken Unicode text, which cannot be accepted.", {
        nodes: [node],
        extensions: { code: "BAD_USER_INPUT" },
      }),
    );
  },
});

/**
 * Refuses documents too long or too deeply bracketed to parse safely (HTTP 400, before parsing) and,
 * at validation, queries nested too deep, with too many aliases or too costly, and string literals
 * the database could not store.
 */
export function queryLimits(sdl: string): Plugin {
  const rule = limitRule(sdl);
  return {
    onParams({ params, setResult }) {
      const query = params.query ?? "";
      if (query.length > MAX_DOCUMENT_LENGTH) {
        setResult(refusal(`The GraphQL document is ${query.length} characters long; the limit is ${MAX_DOCUMENT_LENGTH}.`));
      } else if (nestingOf(query, MAX_NESTING) > MAX_NESTING) {
        setResult(refusal(`The GraphQL document nests brackets more than ${MAX_NESTING} levels deep.`));
      }
    },
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
      addValidationRule(storableLiterals);
    },
  };
}
