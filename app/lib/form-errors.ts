import { type RefObject, useEffect } from "react";

type Answer = { ok: boolean; invalidFields?: string[] } | null | undefined;

/**
 * The fields a failed submit is about, in the form's order: those the answer names, or every field
 * when it names none (e.g. no order matches that invoice and mobile together).
 */
export function invalidFieldsOf(answer: Answer, fields: readonly string[]): string[] {
  if (!answer || answer.ok) return [];
  const named = fields.filter((field) => answer.invalidFields?.includes(field));
  return named.length > 0 ? named : [...fields];
}

/**
 * The error state of one input: marked invalid, described by its message, and the first one in error
 * takes the focus: in the server-rendered page by autofocus (without JavaScript), after a submit in
 * the running page by useFocusFirstError.
 */
export function errorProps(field: string, invalid: readonly string[], messageId: string, describedBy: string[] = []) {
  const inError = invalid.includes(field);
  const ids = [...describedBy, ...(inError ? [messageId] : [])];
  return {
    "aria-invalid": inError ? true : undefined,
    "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined,
    autoFocus: invalid[0] === field ? true : undefined,
  } as const;
}

/** Moves the focus to the form's first invalid field each time a new failed answer arrives. */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, answer: unknown) {
  useEffect(() => {
    if (answer) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, answer]);
}
