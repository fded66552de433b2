/**
 * The JSON scalar: JSON text, a string holding the value, as SPEC.md §5's client parses it (decision
 * record 020). No argument takes it, so only its output is defined; a plain object rather than a
 * GraphQLScalarType instance, so it attaches to the schema whichever copy of graphql-js built it.
 */
export const jsonScalar = {
  serialize: (value: unknown) => JSON.stringify(value),
};
