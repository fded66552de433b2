import type { ReactNode } from "react";
import type { Heading } from "../lib/content/content-library.server.ts";
import { ContentArticle } from "./content-article.tsx";
import { PageHeading } from "./page-heading.tsx";

/** A company or legal page: its heading, an "On this page" list beside long pages, then the text. */
export function ContentLayout({
  title,
  description,
  updated,
  headings,
  html,
  children,
}: {
  title: string;
  description: string;
  updated: string | null;
  headings: Heading[];
  html: string;
  children?: ReactNode;
}) {
  const listed = headings.length >= 4;
  return (
    <>
      <PageHeading title={title}>
        <p>{description}</p>
        {updated && <p className="mt-2 text-sm">Last updated: {updated}</p>}
      </PageHeading>
      <div className={`mx-auto max-w-6xl px-4 ${listed ? "lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12" : ""}`}>
        {listed && (
          <nav aria-labelledby="on-this-page" className="mb-8 lg:mb-0">
            <div className="rounded-2xl border border-slate-200 bg-white p-4 lg:sticky lg:top-24">
              <h2 id="on-this-page" className="text-sm font-semibold uppercase tracking-wider text-brand-700">
                On this page
              </h2>
              <ul className="mt-2 space-y-1.5 text-sm">
                {headings.map((heading) => (
                  <li key={heading.id}>
                    <a href={`#${heading.id}`} className="text-ink hover:text-brand-700 hover:underline">
                      {heading.title}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </nav>
        )}
        <div className="min-w-0 max-w-3xl">
          <ContentArticle html={html} />
          {children}
        </div>
      </div>
    </>
  );
}
