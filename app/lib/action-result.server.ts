import { data } from "react-router";
import { isStaleEdit } from "../../domain/shared/edit-stamp.ts";
import { isSentence } from "../../domain/shared/operation.ts";
import { httpStatusOf, isAppError } from "../../kernel/app-error.ts";

/**
 * What a form's action answers; a failure may name the form fields it is about, and give back what
 * was typed, so a form posted without JavaScript comes back filled in.
 */
export type ActionResult = {
  ok: boolean;
  message: string;
  invalidFields?: string[];
  values?: Record<string, string>;
  /** Refused because the page showed what has changed since: it reads itself again (`rereadAfterStaleEdit`). */
  reread?: boolean;
};

export const UNREADABLE_REQUEST = "The request could not be read. Please try again.";

/** An expected business failure as a message and status; anything else is a real error and is rethrown. */
export function expectedFailure(error: unknown): { message: string; status: number; invalidFields?: string[] } {
  if (isAppError(error)) {
    const invalidFields = error.fields ? Object.keys(error.fields).filter(Boolean) : [];
    return { message: error.message, status: httpStatusOf(error), ...(invalidFields.length ? { invalidFields } : {}) };
  }
  throw error;
}

/**
 * An expected failure as the form's answer. Given the form's labels, a failure about fields says
 * what is wrong with each in the words the form shows ("Points cost must be at least 1."); given the
 * values typed, it hands them back.
 */
export function failureResult(
  error: unknown,
  { labels = {}, values }: { labels?: Record<string, string>; values?: Record<string, string> } = {},
) {
  const { status, ...failure } = expectedFailure(error);
  const fields = isAppError(error) ? Object.entries(error.fields ?? {}) : [];
  const labelled = fields.length > 0 && fields.every(([field]) => labels[field]);
  const message = labelled
    ? fields.map(([field, problem]) => (isSentence(problem) ? problem : `${labels[field]} ${problem}.`)).join(" ")
    : failure.message;
  return data<ActionResult>(
    { ok: false, ...failure, message, ...(values ? { values } : {}), ...(isStaleEdit(error) ? { reread: true } : {}) },
    { status },
  );
}

export function unreadableRequest() {
  return data<ActionResult>({ ok: false, message: UNREADABLE_REQUEST }, { status: 400 });
}

export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** A form field's text; "" when it is missing (or a file), so the operation's schema says what is wrong. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The bytes of each file chosen in a form's file field, in order; none when it came without one. */
export async function filesOf(form: FormData, name: string): Promise<Uint8Array<ArrayBuffer>[]> {
  const files = form.getAll(name).filter((value): value is File => value instanceof File && value.size > 0);
  return Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
}
