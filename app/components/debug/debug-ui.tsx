import type { ReactNode } from "react";

export const inputClass = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2";
export const buttonClass = "rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70";
export const smallButtonClass =
  "rounded-full border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50";

export function DebugSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What the last lookup or change answered, read out when it arrives. */
export function Answer({ answer }: { answer: { ok: boolean; message: string } | null | undefined }) {
  return (
    <div role="status" aria-live="polite" className="mt-4 empty:hidden">
      {answer && (
        <p
          data-testid="debug-answer"
          className={`rounded-lg border p-3 font-medium ${
            answer.ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-sale"
          }`}
        >
          {answer.message}
        </p>
      )}
    </div>
  );
}

function shown(value: unknown): ReactNode {
  if (value === null || value === undefined) return <span className="text-muted">null</span>;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    return <pre className="overflow-x-auto whitespace-pre-wrap break-all text-xs">{JSON.stringify(value, null, 2)}</pre>;
  }
  return String(value);
}

/** Every field of a record, as it is stored (dates in ISO form, JSON fields parsed and indented). */
export function FieldList({ record }: { record: object }) {
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
      {Object.entries(record).map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-semibold text-ink">{name}</dt>
          <dd className="mb-2 min-w-0 break-words sm:mb-0">{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A list of records, each with every field; "None." when empty. */
export function RecordList<T extends { id: string }>({ items, label }: { items: readonly T[]; label: (item: T) => string }) {
  if (items.length === 0) return <p className="mt-2 text-muted">None.</p>;
  return (
    <ul className="mt-2 space-y-3">
      {items.map((item) => (
        <li key={item.id} className="rounded-lg border border-slate-200 p-3">
          <p className="font-semibold">{label(item)}</p>
          <FieldList record={item} />
        </li>
      ))}
    </ul>
  );
}
