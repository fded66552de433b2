import {
  type ButtonHTMLAttributes,
  type ComponentProps,
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useContext,
} from "react";
import { Form, useRouteLoaderData } from "react-router";
import { errorProps, useFocusFirstError } from "../../lib/form-errors.ts";
import { useResetAfterSuccess } from "../../lib/reset-after-success.ts";
import type { loader as adminLayoutLoader } from "../../routes/admin/admin-layout.tsx";

/** What a back-office action answers: a message, and on a failure the fields it is about. */
export type Answer = { ok: boolean; message: string; invalidFields?: string[] } | undefined;

/** The answer's message, which the fields it names point to. */
const ANSWER_ID = "action-answer";

const INPUT = "mt-1 rounded-lg border border-slate-400 px-3 py-2";

const BUTTON_LOOKS = {
  primary: "bg-brand-700 text-white hover:bg-brand-900",
  secondary: "border border-slate-400 text-ink hover:bg-slate-50",
  danger: "border border-red-300 text-sale hover:bg-red-50",
} as const;

/** The fields of the form a failed answer is about. */
const InvalidFields = createContext<readonly string[]>([]);

/** The session's CSRF token, from the back office's layout, which every back-office page sits in. */
function useCsrfToken(): string {
  const layout = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/admin-layout");
  if (!layout) throw new Error("A back-office form is only ever shown inside the back office's layout.");
  return layout.csrfToken;
}

/**
 * A back-office form post: it carries the session's CSRF token, what it asks for (`intent`) and the
 * hidden fields that say what it is about. Given the action's `answer` (on a page where only this
 * form has these fields), the fields a failure names are marked and the first takes the focus.
 * Given `resetAfter`, the form empties itself once that answer is a success, so a second click
 * cannot send the same change again.
 */
export function AdminForm({
  intent,
  hiddenFields = [],
  answer,
  resetAfter,
  children,
  ...form
}: {
  intent?: string;
  hiddenFields?: [name: string, value: string][];
  answer?: Answer;
  resetAfter?: Answer;
  children: ReactNode;
} & Omit<ComponentProps<typeof Form>, "method" | "children" | "ref">) {
  const csrfToken = useCsrfToken();
  const ref = useResetAfterSuccess(resetAfter);
  const failed = answer && !answer.ok ? answer : undefined;
  useFocusFirstError(ref, failed);
  return (
    <Form ref={ref} method="post" {...form}>
      <input type="hidden" name="csrf" value={csrfToken} />
      {intent && <input type="hidden" name="intent" value={intent} />}
      {hiddenFields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <InvalidFields.Provider value={failed?.invalidFields ?? []}>{children}</InvalidFields.Provider>
    </Form>
  );
}

/** A search or filter form: its fields go into the address, so a result can be shared and reloaded. */
export function SearchForm({ className, children }: { className: string; children: ReactNode }) {
  return (
    <Form method="get" role="search" className={`mt-4 rounded-lg border border-slate-200 bg-white p-4 ${className}`}>
      {children}
    </Form>
  );
}

/** A labelled input; marked invalid when the form's failed answer names it. */
export function Field({
  id,
  label,
  width = "w-full",
  ...input
}: { id: string; label: string; name: string; width?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const invalid = useContext(InvalidFields);
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <input id={id} className={`${INPUT} ${width}`} {...errorProps(input.name, invalid, ANSWER_ID)} {...input} />
    </div>
  );
}

/** A labelled box for a few lines of text; marked invalid when the form's failed answer names it. */
export function TextAreaField({
  id,
  label,
  ...area
}: { id: string; label: string; name: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const invalid = useContext(InvalidFields);
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <textarea id={id} rows={4} className={`${INPUT} w-full`} {...errorProps(area.name, invalid, ANSWER_ID)} {...area} />
    </div>
  );
}

/** A labelled choice of a few values; marked invalid when the form's failed answer names it. */
export function SelectField({
  id,
  label,
  options,
  width = "w-full",
  ...select
}: {
  id: string;
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  width?: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const invalid = useContext(InvalidFields);
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <select id={id} className={`${INPUT} ${width}`} {...errorProps(select.name, invalid, ANSWER_ID)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SubmitButton({
  look = "primary",
  className = "",
  ...button
}: { look?: keyof typeof BUTTON_LOOKS } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  return (
    <button
      type="submit"
      className={`min-h-11 rounded-full px-5 py-2 font-semibold ${BUTTON_LOOKS[look]} ${className}`}
      {...button}
    />
  );
}

const MESSAGE = "mt-4 rounded-lg border p-3 font-medium";

/** Something that went wrong reading or changing: said at once to screen readers. */
export function ErrorMessage({ message, id }: { message: string; id?: string }) {
  return (
    <p id={id} role="alert" className={`${MESSAGE} border-red-200 bg-red-50 text-sale`}>
      {message}
    </p>
  );
}

/** What a form's action answered: a status when it worked, an alert when it did not. */
export function ActionMessage({ result }: { result: Answer }) {
  if (!result) return null;
  if (!result.ok) return <ErrorMessage id={ANSWER_ID} message={result.message} />;
  return (
    <p id={ANSWER_ID} role="status" className={`${MESSAGE} border-brand-200 bg-brand-50 text-brand-900`}>
      {result.message}
    </p>
  );
}
