import type { ReactNode } from "react";

/** One of the panel's folders: closed until opened, opened and closed from the keyboard like any disclosure. */
export function Folder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="rounded-md border border-slate-200 bg-white">
      <summary className="cursor-pointer select-none rounded-md px-3 py-2 font-semibold text-brand-900 hover:bg-slate-50">
        {title}
      </summary>
      <div className="space-y-4 border-t border-slate-200 px-3 py-3 text-sm text-ink">{children}</div>
    </details>
  );
}

const BUTTON = "rounded-full px-3 py-1.5 text-sm font-semibold disabled:opacity-70";
export const PRIMARY_BUTTON = `${BUTTON} bg-brand-700 text-white hover:bg-brand-800`;
export const DANGER_BUTTON = `${BUTTON} border border-red-700 text-red-800 hover:bg-red-50`;
export const INPUT = "w-full rounded-md border border-slate-400 px-2 py-1.5 text-sm text-ink";
export const LABEL = "block text-xs font-semibold text-slate-700";
