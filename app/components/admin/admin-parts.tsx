import type { ReactNode } from "react";
import { Link } from "react-router";

/** A link in a back-office page's text. */
export const LINK = "font-semibold text-brand-700 underline";

/**
 * A page's heading, with what leads back up (all orders, from one order), a line about the page and
 * what it offers beside its title (a CSV of the list).
 */
export function PageHeading({
  title,
  back,
  aside,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      {back && (
        <p className="mb-2">
          <Link to={back.to} className={LINK}>
            {back.label}
          </Link>
        </p>
      )}
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight break-words text-brand-900">{title}</h1>
        {aside}
      </div>
      {children && <p className="mt-2 text-muted">{children}</p>}
    </>
  );
}

/** A download of what the page lists, as the page filters it. */
export function CsvLink({ href }: { href: string }) {
  return (
    <a href={href} className={LINK}>
      Export CSV
    </a>
  );
}

/** Links to the newer and older pages of a list, each only when there is one. */
export function PageLinks({
  label,
  newer,
  older,
}: {
  label: string;
  newer: { to: string; label: string } | null;
  older: { to: string; label: string } | null;
}) {
  if (!newer && !older) return null;
  return (
    <nav aria-label={label} className="mt-4 flex gap-4">
      {[newer, older].map(
        (link) =>
          link && (
            <Link key={link.label} to={link.to} className={LINK}>
              {link.label}
            </Link>
          ),
      )}
    </nav>
  );
}

export function Stat({ label, value }: { label: string; value: ReactNode }) {
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
