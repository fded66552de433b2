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

export const MAX_DOCUMENT_LENGTH = 10_000;
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

/**
 * Refuses documents too long to parse cheaply (HTTP 400, before parsing) and, at validation, queries
 * nested too deep, with too many aliases or too costly.
 */
export function queryLimits(sdl: string): Plugin {
  const rule = limitRule(sdl);
  return {
    onParams({ params, setResult }) {
      const length = params.query?.length ?? 0;
      if (length <= MAX_DOCUMENT_LENGTH) return;
      setResult({
        errors: [
          createGraphQLError(`The GraphQL document is ${length} characters long; the limit is ${MAX_DOCUMENT_LENGTH}.`, {
            extensions: { code: "BAD_REQUEST", http: { status: 400 } },
          }),
        ],
      });
    },
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
    },
  };
}
