import type { InputHTMLAttributes, ReactNode } from "react";

/** The pieces the back office's pages are made of. */
export const PRIMARY_BUTTON = "rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900";
export const TEXT_INPUT = "mt-1 w-full rounded-lg border border-slate-400 px-3 py-2";

/** A labelled input of a back-office form. */
export function Field({ id, label, ...input }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <input id={id} className={TEXT_INPUT} {...input} />
    </div>
  );
}

export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-muted">{label}</dt>
      <dd className="font-bold wrap-anywhere text-brand-900">{value}</dd>
    </div>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A table in a box that scrolls sideways when wider than a phone; a table of few short columns can say it fits one. */
export function Table({
  caption,
  headings,
  children,
  fitsPhone = false,
}: {
  caption: string;
  headings: string[];
  children: ReactNode;
  fitsPhone?: boolean;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and keyboard users must reach it.
    <section aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className={`w-full text-left ${fitsPhone ? "" : "min-w-[36rem]"}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="p-3">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

/** What a form's action answered: a status when it worked, an alert when it did not. */
export function ActionMessage({ result }: { result: { ok: boolean; message: string } | undefined }) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-4 rounded-lg border p-3 font-medium ${result.ok ? "border-brand-200 bg-brand-50 text-brand-900" : "border-red-200 bg-red-50 text-sale"}`}
    >
      {result.message}
    </p>
  );
}
