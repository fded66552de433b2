import { Link } from "react-router";
import { HelpSearchForm } from "../../components/help-search-form.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { requestContext } from "../../context.ts";
import { requestContentLibrary } from "../../lib/content/content-library.server.ts";
import { COMPANY } from "../../lib/content/content-values.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/help-index";

export async function loader({ context }: Route.LoaderArgs) {
  const library = await requestContentLibrary(context.get(requestContext));
  const card = ({ id, title, description, path }: { id: string; title: string; description: string; path: string }) => ({
    id,
    title,
    description,
    path,
  });
  return {
    sections: library.helpSections.map(card),
    productSections: library.productHelp.map(card),
    supportEmail: COMPANY.supportEmail,
    supportHours: COMPANY.supportHours,
    legalName: COMPANY.legalName,
    address: COMPANY.address,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Help centre", "Answers about ordering, delivery, payment, returns, the loyalty programme and our products.");

type Card = { id: string; title: string; description: string; path: string };

function CardGrid({ headingId, heading, cards }: { headingId: string; heading: string; cards: Card[] }) {
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl font-bold text-brand-900">
        {heading}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.id}>
            <Link
              to={card.path}
              className="block h-full rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-600 hover:shadow-sm"
            >
              <span className="text-lg font-semibold text-brand-900">{card.title}</span>
              <span className="mt-1 block text-muted">{card.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function HelpIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Help centre">
        <p>Answers to the questions we hear most. Search, or pick a topic.</p>
      </PageHeading>
      <div className="mx-auto max-w-6xl px-4">
        <HelpSearchForm />
        <CardGrid headingId="help-topics" heading="Help topics" cards={loaderData.sections} />
        <CardGrid headingId="product-help" heading="Product help" cards={loaderData.productSections} />
        <section id="contact" aria-labelledby="contact-us" className="mt-10 scroll-mt-32 rounded-2xl bg-brand-50 p-6">
          <h2 id="contact-us" className="text-xl font-bold text-brand-900">
            Contact us
          </h2>
          <p className="mt-2">
            Email{" "}
            <a href={`mailto:${loaderData.supportEmail}`} className="font-semibold text-brand-700 underline">
              {loaderData.supportEmail}
            </a>{" "}
            with your invoice id if it's about an order. We answer {loaderData.supportHours}, within one working day.
          </p>
          <p className="mt-2 text-muted">
            {loaderData.legalName}, {loaderData.address}
          </p>
        </section>
      </div>
    </>
  );
}
