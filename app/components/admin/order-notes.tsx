import { AdminForm, type Answer, Field, SubmitButton } from "./admin-form.tsx";
import { Section } from "./admin-parts.tsx";
import { StatusBadge } from "./status-badge.tsx";

type Note = { id: string; body: string; by: string; at: string };

/** Staff's own notes and tags on an order: added and removed here, shown on the shipping desk, never to the shopper. */
export function OrderNotes({ notes, tags, answer }: { notes: Note[]; tags: string[]; answer: Answer }) {
  return (
    <Section id="notes" title="Staff notes and tags">
      <p className="text-sm text-muted">Only staff see these; the shopper never does.</p>
      {tags.length > 0 && (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag}>
              <AdminForm intent="untag" hiddenFields={[["tag", tag]]} className="flex items-center gap-1">
                <StatusBadge tone="active">{tag}</StatusBadge>
                <button
                  type="submit"
                  className="min-h-6 min-w-6 rounded-full px-2 text-sm underline"
                  aria-label={`Remove tag ${tag}`}
                >
                  Remove
                </button>
              </AdminForm>
            </li>
          ))}
        </ul>
      )}
      <AdminForm intent="tag" resetAfter={answer} className="mt-3 flex flex-wrap items-end gap-3">
        <Field id="order-tag" label="New tag" name="tag" required maxLength={24} width="w-48" />
        <SubmitButton look="secondary">Add tag</SubmitButton>
      </AdminForm>
      {notes.length > 0 && (
        <ul aria-label="Notes" className="mt-4 space-y-2">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <p className="whitespace-pre-line wrap-anywhere">{note.body}</p>
              <p className="mt-1 text-sm text-muted">
                {note.by}, {note.at}
              </p>
            </li>
          ))}
        </ul>
      )}
      <AdminForm intent="note" resetAfter={answer} className="mt-4 space-y-2">
        <label htmlFor="order-note" className="block font-semibold">
          New note
        </label>
        <textarea
          id="order-note"
          name="note"
          required
          maxLength={2000}
          rows={3}
          className="w-full rounded-lg border border-slate-400 px-3 py-2"
        />
        <SubmitButton look="secondary">Add note</SubmitButton>
      </AdminForm>
    </Section>
  );
}
