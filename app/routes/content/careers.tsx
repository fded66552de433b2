import { data } from "react-router";
import { ContentLayout } from "../../components/content-layout.tsx";
import { requestContext } from "../../context.ts";
import { type OpenRole, requestContentLibrary } from "../../lib/content/content-library.server.ts";
import { COMPANY } from "../../lib/content/content-values.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/careers";

/** The careers page: content/pages/careers.md, then the open roles of content/pages/careers-roles.json. */
export async function loader({ context }: Route.LoaderArgs) {
  const library = await requestContentLibrary(context.get(requestContext));
  const page = library.pages.get("careers");
  if (!page) throw data("Page not found: /careers", { status: 404 });
  return { page, openRoles: library.openRoles, careersEmail: COMPANY.careersEmail };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.page.title, args.loaderData?.page.description);

function applyHref(email: string, role: OpenRole): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Application: ${role.title}`)}`;
}

function RoleCard({ role, careersEmail }: { role: OpenRole; careersEmail: string }) {
  const headingId = `role-${role.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h3 id={headingId} className="text-xl font-bold text-brand-900">
          {role.title}
        </h3>
        <p className="mt-1 text-sm font-medium text-muted">
          {role.team} · {role.type} · {role.location}
        </p>
        <p className="mt-3">{role.summary}</p>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <div>
            <h4 className="font-semibold">What you'll do</h4>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-muted">
              {role.responsibilities.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div>
            <h4 className="font-semibold">What you bring</h4>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-muted">
              {role.requirements.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
        <a
          href={applyHref(careersEmail, role)}
          className="mt-5 inline-block rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Apply for {role.title}
        </a>
      </article>
    </li>
  );
}

export default function Careers({ loaderData: { page, openRoles, careersEmail } }: Route.ComponentProps) {
  return (
    <ContentLayout {...page}>
      <section aria-labelledby="open-roles" className="mt-10">
        <h2 id="open-roles" className="text-2xl font-bold text-brand-900">
          Open roles
        </h2>
        {openRoles.length === 0 ? (
          <p className="mt-3 text-muted">
            No roles are open right now. Write to <a href={`mailto:${careersEmail}`}>{careersEmail}</a> and we'll keep you in
            mind.
          </p>
        ) : (
          <ul className="mt-4 space-y-4">
            {openRoles.map((role) => (
              <RoleCard key={role.id} role={role} careersEmail={careersEmail} />
            ))}
          </ul>
        )}
      </section>
    </ContentLayout>
  );
}
