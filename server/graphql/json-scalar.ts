import { valueFromASTUntyped } from "graphql";

/**
 * The JSON scalar as plain functions rather than a GraphQLScalarType instance, so it attaches to the
 * schema whichever copy of graphql-js built it. Values go out as they are (objects and arrays).
 */
export const jsonScalar = {
  serialize: (value: unknown) => value,
  parseValue: (value: unknown) => value,
  parseLiteral: valueFromASTUntyped,
};
