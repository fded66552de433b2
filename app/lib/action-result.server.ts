import { data } from "react-router";
import { httpStatusOf, isAppError } from "../../domain/shared/app-error.ts";

export type ActionResult = { ok: boolean; message: string };

export const UNREADABLE_REQUEST = "The request could not be read. Please try again.";

/** An expected business failure as a message and status; anything else is a real error and is rethrown. */
export function expectedFailure(error: unknown): { message: string; status: number } {
  if (isAppError(error)) return { message: error.message, status: httpStatusOf(error) };
  throw error;
}

export function failureResult(error: unknown) {
  const { message, status } = expectedFailure(error);
  return data<ActionResult>({ ok: false, message }, { status });
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
