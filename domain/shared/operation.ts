import type { z } from "zod";
import { AppError } from "../../kernel/app-error.ts";
import type { OperationContext } from "./context.ts";

/** One message per bad field, keyed by its path (`meta.price`), "" for the input as a whole. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * A problem written as a whole sentence ("price must be an amount in S$ above 0.") already says what
 * it is about; a fragment ("is required") needs its field's name before it.
 */
export function isSentence(problem: string): boolean {
  return problem.endsWith(".");
}

/** Parses input by its schema: BAD_USER_INPUT naming each bad field, never a half-read value. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  const message = Object.entries(fields)
    .map(([field, problem]) => (field && !isSentence(problem) ? `${field}: ${problem}` : problem))
    .join(" ");
  throw new AppError("BAD_USER_INPUT", message, fields);
}

/**
 * An operation: one function `(ctx, input)` whose input is parsed by the schema declared beside it,
 * and whose permission check lives inside `run`, so every adapter (page, GraphQL, debug panel, back
 * office, job) gets the same answer. Export it under the operation's one name.
 */
export function defineOperation<S extends z.ZodType, R>(
  schema: S,
  run: (ctx: OperationContext, input: z.output<S>) => Promise<R>,
): (ctx: OperationContext, input: z.input<S>) => Promise<R> {
  // async, so bad input rejects the returned promise like every other failure instead of throwing.
  return async (ctx, input) => run(ctx, parseInput(schema, input));
}
