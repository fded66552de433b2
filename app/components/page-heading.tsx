import type { ReactNode } from "react";

export function PageHeading({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="mx-auto max-w-6xl px-4 pb-6 pt-10">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>}
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
      {children && <div className="mt-3 max-w-3xl text-lg text-muted">{children}</div>}
    </header>
  );
}
