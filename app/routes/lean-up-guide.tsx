import { Link } from "react-router";
import { listProducts } from "../../domain/catalog/list-products.ts";
import { PageHeading } from "../components/page-heading.tsx";
import { requestContext } from "../context.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { flavoursOf } from "../lib/product-display.ts";
import type { Route } from "./+types/lean-up-guide";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Lean Up Guide", "How to take Lean Up, what is inside, and which flavour to start with.");

export async function loader({ context }: Route.LoaderArgs) {
  const {
    products: [box],
  } = await listProducts(context.get(requestContext).operations, { seriesCode: "l", kinds: ["box"], first: 1 });
  return { flavours: box ? flavoursOf(box) : [], boxPath: box?.path ?? "/shop/lean-up-calorie-burning" };
}

const STEPS = [
  {
    title: "Before a meal or a workout",
    body: "Tear a sachet and drink it 15 to 30 minutes before your largest meal or your workout.",
  },
  { title: "One a day is enough", body: "One serving a day. Don't take more than two in 24 hours, and drink plenty of water." },
  { title: "Give it four weeks", body: "Pair it with a balanced diet and some movement, and judge the results after a month." },
];

const INGREDIENTS = [
  { name: "Green coffee bean extract", role: "Chlorogenic acids that support fat metabolism." },
  { name: "L-carnitine", role: "Helps your body turn fatty acids into energy." },
  { name: "Garcinia cambogia", role: "A tropical fruit extract rich in hydroxycitric acid." },
  { name: "Real fruit juice", role: "Flavour without added cane sugar: about 15 kcal a sachet." },
];

export default function LeanUpGuide({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading eyebrow="Lean Up Calorie Burning" title="The Lean Up guide">
        Everything you need to get the most out of Lean Up: when to take it, what is inside and where to start.
      </PageHeading>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-2">
        <section aria-labelledby="how-heading">
          <h2 id="how-heading" className="text-2xl font-bold">
            How to take it
          </h2>
          <ol className="mt-4 space-y-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4">
                <span
                  aria-hidden="true"
                  className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="text-muted">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="inside-heading">
          <h2 id="inside-heading" className="text-2xl font-bold">
            What's inside
          </h2>
          <dl className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {INGREDIENTS.map((item) => (
              <div key={item.name} className="p-4">
                <dt className="font-semibold">{item.name}</dt>
                <dd className="text-muted">{item.role}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="flavours-heading" className="lg:col-span-2">
          <h2 id="flavours-heading" className="text-2xl font-bold">
            {loaderData.flavours.length} flavours to rotate
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {loaderData.flavours.map((flavour) => (
              <li key={flavour} className="rounded-full bg-brand-50 px-4 py-2 font-medium text-brand-900">
                {flavour}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-muted">
            Lean Up is a food supplement, not a replacement for a varied diet. If you are pregnant, nursing or taking medication,
            ask your doctor first.
          </p>
          <Link
            to={loaderData.boxPath}
            className="mt-6 inline-block rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Shop Lean Up
          </Link>
        </section>
      </div>
    </>
  );
}
