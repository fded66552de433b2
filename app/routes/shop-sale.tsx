import { Link } from "react-router";
import { listProducts } from "../../domain/catalog/list-products.ts";
import type { Product } from "../../domain/catalog/types.ts";
import { listProductRatings, NO_REVIEWS, type RatingSummary } from "../../domain/reviews/product-ratings.ts";
import { formatMoney } from "../../kernel/money.ts";
import { PageHeading } from "../components/page-heading.tsx";
import { Pager } from "../components/pager.tsx";
import { ratingShown } from "../components/product-card.tsx";
import { ProductPhoto } from "../components/product-photo.tsx";
import { RatingLine } from "../components/reviews/stars.tsx";
import { requestContext } from "../context.ts";
import { canonicalLink, pageTitle } from "../lib/listing-links.ts";
import { listingPage } from "../lib/listing-page.server.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { pricePerServingCents } from "../lib/product-display.ts";
import type { Route } from "./+types/shop-sale";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(
    args,
    pageTitle("Bundles & Sale", args.loaderData?.links),
    "Bundles of our nectars and shots at up to 30% less than single boxes.",
  ),
  ...canonicalLink(args.matches, args.loaderData?.links),
];

/** What the sale page shows of a bundle: its options' prices and savings, without their SKUs. */
function toSaleRow(bundle: Product, rating: RatingSummary) {
  return {
    id: bundle.id,
    name: bundle.name,
    path: bundle.path,
    summary: bundle.summary,
    rating: ratingShown(rating),
    photo: bundle.images[0] ?? null,
    options: bundle.options.map((option) => ({
      optionId: option.optionId,
      optionName: option.optionName,
      optionPriceCents: option.optionPriceCents,
      perServingCents: pricePerServingCents(option),
      singleBoxValueCents: option.singleBoxValueCents,
      savedCents: option.savingCents,
      soldOut: option.soldOut,
    })),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { operations } = context.get(requestContext);
  const page = await listingPage(request, (offset, limit) =>
    listProducts(operations, { kinds: ["bundle"], offset, first: limit }),
  );
  const ratings = await listProductRatings(operations, { productIds: page.products.map((bundle) => bundle.id) });
  const bundles = page.products.map((bundle) => toSaleRow(bundle, ratings.get(bundle.id) ?? NO_REVIEWS));
  return { bundles, links: page.links };
}

function percentOff(savedCents: number, worthCents: number): number {
  return worthCents > 0 ? Math.round((savedCents / worthCents) * 100) : 0;
}

export default function ShopSale({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading eyebrow="Sale" title="Bundles & savings">
        The more you stock up, the less each serving costs. Every saving below is measured against buying the same boxes one at a
        time. Bundles are already discounted, so promotion codes don't apply to them.
      </PageHeading>
      <ul className="mx-auto grid max-w-6xl gap-6 px-4">
        {loaderData.bundles.map((bundle, index) => (
          <li
            key={bundle.id}
            className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-[10rem_1fr]"
          >
            {bundle.photo && (
              <ProductPhoto
                photo={bundle.photo}
                sizes="144px"
                fetching={index === 0 ? "first" : "lazy"}
                className="mx-auto h-36 w-36 rounded-xl object-cover"
              />
            )}
            <div>
              <h2 className="text-xl font-bold">
                <Link to={bundle.path} className="hover:underline">
                  {bundle.name}
                </Link>
              </h2>
              {bundle.rating && (
                <p className="mt-1 text-sm text-muted">
                  <RatingLine {...bundle.rating} />
                </p>
              )}
              <p className="mt-1 text-muted">{bundle.summary}</p>
              <table className="mt-4 w-full text-left text-sm">
                <caption className="sr-only">Prices and savings for {bundle.name}</caption>
                <thead className="text-muted">
                  <tr>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      Option
                    </th>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      Bundle price
                    </th>
                    <th scope="col" className="hidden py-1 pr-2 font-medium sm:table-cell">
                      Bought singly
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      You save
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {bundle.options.map((option) => (
                    <tr key={option.optionId} className="border-t border-slate-100">
                      <th scope="row" className="py-2 pr-2 font-medium">
                        {option.optionName}
                        {option.soldOut && (
                          <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
                            Sold out
                          </span>
                        )}
                        <span className="block text-xs font-normal text-muted">
                          {formatMoney(option.perServingCents)} per serving
                        </span>
                      </th>
                      <td className="py-2 pr-2 font-semibold">{formatMoney(option.optionPriceCents)}</td>
                      <td className="hidden py-2 pr-2 text-muted line-through sm:table-cell">
                        {formatMoney(option.singleBoxValueCents)}
                      </td>
                      <td className="py-2 font-semibold text-sale">
                        {formatMoney(option.savedCents)} ({percentOff(option.savedCents, option.singleBoxValueCents)}%)
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Link
                to={bundle.path}
                className="mt-4 inline-block rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
              >
                Choose {bundle.name}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <Pager links={loaderData.links} label="Bundle pages" />
    </>
  );
}
