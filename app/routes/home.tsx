import { Link } from "react-router";
import { listProducts } from "../../domain/catalog/list-products.ts";
import { listSeriesCopy } from "../../domain/catalog/list-series-copy.ts";
import { getProgramme } from "../../domain/loyalty/programme/get-programme.ts";
import { listRewards } from "../../domain/loyalty/rewards/list-rewards.ts";
import { getShopReviews } from "../../domain/reviews/shop-reviews.ts";
import { formatMoney } from "../../kernel/money.ts";
import { SERIES } from "../../kernel/series.ts";
import { useBrandName } from "../components/brand.tsx";
import { NewsletterSignup } from "../components/home/newsletter-signup.tsx";
import { RewardsPitch, type RewardsPitchData } from "../components/home/rewards-pitch.tsx";
import { ShopRatingLine, ShopReviewsProof } from "../components/home/shop-reviews-proof.tsx";
import { ProductCard } from "../components/product-card.tsx";
import { ProductPhoto } from "../components/product-photo.tsx";
import { requestContext } from "../context.ts";
import { HOME_TITLE } from "../lib/page-title.ts";
import { productCards } from "../lib/product-cards.server.ts";
import { lowestPriceCents } from "../lib/product-display.ts";
import { SERIES_LINKS } from "../lib/series-nav.ts";
import type { Route } from "./+types/home";

const FEATURED_BUNDLES = 3;

/**
 * Everything here is the same for every visitor and changes only with the catalogue's revision (which
 * reviews, rewards and programme versions raise too), so the page stays in the page cache.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { operations } = context.get(requestContext);
  const [bundles, leads, copy, programme, rewards, reviews] = await Promise.all([
    listProducts(operations, { kinds: ["bundle"], first: FEATURED_BUNDLES }),
    Promise.all(
      SERIES.map((series) => listProducts(operations, { seriesCode: series.code, kinds: ["box", "shots", "pouch"], first: 1 })),
    ),
    listSeriesCopy(operations, {}),
    getProgramme(operations, {}),
    listRewards(operations, {}),
    getShopReviews(operations, {}),
  ]);
  const [firstReward] = rewards.filter((reward) => reward.choices.length > 0).sort((a, b) => a.pointsCost - b.pointsCost);
  const rewardsPitch: RewardsPitchData = {
    terms: programme.terms,
    signUpPoints: programme.signUpPoints,
    reviewPoints: programme.reviewPoints,
    firstReward: firstReward ? { name: firstReward.name, pointsCost: firstReward.pointsCost } : null,
  };
  return {
    /** What each line is for, in the catalogue's own words (the series copy staff keep). */
    purposes: SERIES.map((series) => copy.get(series.code)?.tagline ?? null),
    rewardsPitch,
    reviews,
    bundles: await productCards(operations, bundles.products),
    // Each line's first product, as its picture in the hero and its price in the line's link.
    seriesLeads: leads.map(({ products: [lead] }) =>
      lead
        ? {
            id: lead.id,
            name: lead.name,
            summary: lead.summary,
            fromPriceCents: lowestPriceCents(lead),
            photo: lead.images[0] ?? null,
          }
        : undefined,
    ),
  };
}

type Lead = NonNullable<Route.ComponentProps["loaderData"]["seriesLeads"][number]>;

/** A line's card picture: its first product's first picture. */
function LinePicture({ lead }: { lead: Lead }) {
  return (
    <span className="mb-4 flex h-40 items-center justify-center rounded-xl bg-slate-50">
      {lead.photo && <ProductPhoto photo={lead.photo} sizes="160px" className="h-40 w-40 rounded-xl object-cover" />}
    </span>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const brandName = useBrandName();
  return (
    <>
      <section className="bg-gradient-to-br from-brand-50 via-white to-amber-50">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-2 md:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Made for Singapore's busy days</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{HOME_TITLE}</h1>
            <p className="mt-5 max-w-prose text-lg text-muted">
              Collagen for your skin, vitamins for your energy, a coffee jelly for your cravings and a nectar that supports your
              metabolism. Tear, sip, done: nutrition that fits in your pocket and tastes like fruit.
            </p>
            <ShopRatingLine summary={loaderData.reviews.summary} />
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/shop" className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
                Shop all drinks
              </Link>
              <Link
                to="/shop/sale"
                className="rounded-full border border-brand-700 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
              >
                See bundle savings
              </Link>
            </div>
          </div>
          {/* Two rows the pictures' height from the start: a page streamed in parts would otherwise lay
              out the first row alone and move the words beside it when the second arrives. */}
          <div className="grid grid-cols-2 grid-rows-[repeat(2,9rem)] gap-4 sm:grid-rows-[repeat(2,11rem)]" aria-hidden="true">
            {loaderData.seriesLeads.map(
              (lead) =>
                lead?.photo && (
                  <ProductPhoto
                    key={lead.id}
                    photo={lead.photo}
                    sizes="(min-width: 768px) 176px, 144px"
                    className="mx-auto h-36 w-36 rounded-2xl object-cover sm:h-44 sm:w-44"
                  />
                ),
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="series-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="series-heading" className="text-2xl font-bold tracking-tight">
          Four lines, one daily habit
        </h2>
        <p className="mt-2 max-w-prose text-muted">Pick the drink for what your day needs.</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SERIES_LINKS.map((link, index) => {
            const lead = loaderData.seriesLeads[index];
            return (
              <li key={link.code}>
                <Link
                  to={link.href}
                  className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:shadow-md"
                >
                  {lead && <LinePicture lead={lead} />}
                  <span className="text-lg font-bold text-brand-900">{link.title}</span>
                  {loaderData.purposes[index] && (
                    <span className="mt-1 font-semibold text-brand-700">{loaderData.purposes[index]}</span>
                  )}
                  <span className="mt-2 flex-1 text-sm text-muted">{lead?.summary}</span>
                  {lead && <span className="mt-4 text-sm font-semibold">from {formatMoney(lead.fromPriceCents)}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="bundles-heading" className="mx-auto max-w-6xl px-4 py-4">
        <div className="flex items-end justify-between gap-4">
          <h2 id="bundles-heading" className="text-2xl font-bold tracking-tight">
            Featured bundles
          </h2>
          <Link to="/shop/sale" className="font-semibold text-brand-700 hover:underline">
            All bundles
          </Link>
        </div>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.bundles.map((card) => (
            <ProductCard key={card.id} card={card} />
          ))}
        </div>
      </section>
      <ShopReviewsProof reviews={loaderData.reviews} />
      <RewardsPitch brandName={brandName} pitch={loaderData.rewardsPitch} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <NewsletterSignup />
      </div>
    </>
  );
}
