import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { HelpSearchForm } from "./help-search-form.tsx";

export type HelpLink = { id: string; title: string; path: string };

const sideLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-1.5 ${isActive ? "bg-brand-100 font-semibold text-brand-900" : "text-ink hover:bg-brand-50"}`;

function SectionList({ title, links }: { title: string; links: readonly HelpLink[] }) {
  return (
    <div>
      <p className="px-3 text-sm font-semibold uppercase tracking-wider text-brand-700">{title}</p>
      <ul className="mt-1 space-y-0.5 text-sm">
        {links.map((link) => (
          <li key={link.id}>
            <NavLink to={link.path} end className={sideLinkClass}>
              {link.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A help page: breadcrumb, title, the search box, the text, and every section beside it. */
export function HelpLayout({
  title,
  description,
  sections,
  productSections,
  children,
}: {
  title: string;
  description: string;
  sections: readonly HelpLink[];
  productSections: readonly HelpLink[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/help" className="hover:underline">
          Help centre
        </Link>{" "}
        / <span aria-current="page">{title}</span>
      </nav>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{description}</p>
      <div className="mt-6">
        <HelpSearchForm />
      </div>
      <div className="mt-8 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-12">
        <div className="min-w-0 max-w-3xl">{children}</div>
        <nav aria-label="Help sections" className="mt-12 space-y-6 border-t border-slate-200 pt-8 lg:mt-0 lg:border-t-0 lg:pt-0">
          <SectionList title="Help topics" links={sections} />
          <SectionList title="Product help" links={productSections} />
        </nav>
      </div>
    </div>
  );
}
