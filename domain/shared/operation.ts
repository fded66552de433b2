import type { z } from "zod";
import { AppError } from "../../kernel/app-error.ts";
import type { Access } from "./access.ts";
import type { OperationContext } from "./context.ts";
import type { OperationLog } from "./operation-log.ts";

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

/** The bad fields in one line, each problem after its field's name unless it is a whole sentence. */
export function describeFieldErrors(fields: FieldErrors): string {
  return Object.entries(fields)
    .map(([field, problem]) => (field && !isSentence(problem) ? `${field}: ${problem}` : problem))
    .join(" ");
}

/** Parses input by its schema: BAD_USER_INPUT naming each bad field, never a half-read value. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  throw new AppError("BAD_USER_INPUT", describeFieldErrors(fields), fields);
}

/** An operation's declaration: who may call it, and its input's schema. */
export type OperationSpec<S extends z.ZodType, Grant> = {
  access: Access<Grant, z.output<S>>;
  input: S;
};

/** An operation: `(ctx, input)`, carrying the access it declares. */
export type Operation<Input, Result> = ((ctx: OperationContext, input: Input) => Promise<Result>) & {
  readonly access: Access<unknown, never>;
};

/** Log lines written while an operation runs name it (an operation called by another names the inner one). */
function namedLog(log: OperationLog, operation: string): OperationLog {
  return {
    info: (details, message) => log.info({ operation, ...details }, message),
    warn: (details, message) => log.warn({ operation, ...details }, message),
    error: (details, message) => log.error({ operation, ...details }, message),
  };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * An operation: one function `(ctx, input)` whose access is checked and whose input is parsed by the
 * schema declared beside it before `run`, so every adapter (page, GraphQL, debug panel, back office,
 * job) gets the same answer. `access.admit` refuses a viewer before the input is read; its check on the
 * parsed input yields what `run` is handed as `granted`.
 *
 * `run` is a named function, `async function addToBag(ctx, input) {…}`, exported under that same name:
 * the name is written once, in the source, where stack traces and CPU profiles read a frame's name,
 * and the operation's log lines carry it.
 */
export function defineOperation<S extends z.ZodType, Grant, Result>(
  { access, input: schema }: OperationSpec<S, Grant>,
  run: (ctx: OperationContext, input: z.output<S>, granted: Grant) => Promise<Result>,
): Operation<z.input<S>, Result> {
  const { name } = run;
  if (!IDENTIFIER.test(name)) throw new Error("An operation's body must be a named function: async function addToBag(…) {…}.");
  // async, so a refusal or bad input rejects the returned promise like every other failure instead of throwing.
  const operation = async (ctx: OperationContext, raw: z.input<S>): Promise<Result> => {
    const check = await access.admit(ctx);
    const input = parseInput(schema, raw);
    const granted = await check(input);
    // Awaited, so this frame stays in the stack trace of a failure inside `run`.
    return await run({ ...ctx, log: namedLog(ctx.log, name) }, input, granted);
  };
  Object.defineProperty(operation, "name", { value: name });
  return Object.assign(operation, { access });
}
