import { data } from "react-router";
import { httpStatusOf, isAppError } from "../../domain/shared/app-error.ts";

export type ActionResult = { ok: boolean; message: string };

/** Maps an expected business failure to a message and status; anything else is a real error and is rethrown. */
export function failureResult(error: unknown) {
  if (isAppError(error)) return data<ActionResult>({ ok: false, message: error.message }, { status: httpStatusOf(error) });
  throw error;
}

export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
