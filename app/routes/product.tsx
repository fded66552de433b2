import { useState } from "react";
import { data, Link, redirect, useFetcher } from "react-router";
import { findProduct } from "../../domain/catalog/find-product.ts";
import { largestPhoto } from "../../domain/catalog/photos/photo-variants.ts";
import { isWellFormedProductId } from "../../domain/catalog/product-url.ts";
import type { Product } from "../../domain/catalog/types.ts";
import { productSubscriptionOffer } from "../../domain/checkout/product-subscription-offer.ts";
import { deliveryPromises } from "../../domain/delivery/delivery-promises.ts";
import { isInScope } from "../../domain/loyalty/campaigns/campaign.ts";
import { listActiveCampaigns } from "../../domain/loyalty/campaigns/list-active-campaigns.ts";
import { formatMoney } from "../../kernel/money.ts";
import { seriesBySlug, seriesSlug, seriesTitle } from "../../kernel/series.ts";
import { AddedToBag } from "../components/bag/added-to-bag.tsx";
import { CampaignBadges } from "../components/campaign-notes.tsx";
import { PriceBlock } from "../components/price-block.tsx";
import { ProductGallery, photoPreload } from "../components/product-gallery.tsx";
import { ProductReviews } from "../components/reviews/product-reviews.tsx";
import { RatingLine } from "../components/reviews/stars.tsx";
import { StructuredData } from "../components/structured-data.tsx";
import { SubscribeChoice } from "../components/subscribe-choice.tsx";
import { requestContext } from "../context.ts";
import { absoluteHref, pageMeta } from "../lib/page-meta.ts";
import { defaultOption, flavoursOf } from "../lib/product-display.ts";
import { productReviewsOf } from "../lib/product-reviews.server.ts";
import { productStructuredData } from "../lib/product-structured-data.ts";
import { requestPath } from "../lib/request-path.ts";
import { REVIEWS_ID } from "../lib/review-links.ts";
import type { Route } from "./+types/product";
import type { action as bagAction } from "./bag.tsx";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const pathname = requestPath(request);
  if (!isWellFormedProductId(params.productId)) throw data(`Page Not Found: ${pathname}`, { status: 404 });
  const { operations, log, settings, siteOrigin } = context.get(requestContext);
  const series = seriesBySlug(params.series);
  const product = series ? await findProduct(operations, { productId: params.productId }) : null;
  if (!series || !product) {
    // An address someone typed or a stale link: the visitor's mistake, not the shop's failure.
    log.warn(
      { path: pathname, series: params.series, productId: params.productId },
      "product link for an unknown product or series",
    );
    throw data(`Page not found: ${pathname}`, { status: 404 });
  }
  if (params.series !== seriesSlug(product.series)) throw redirect(product.path, 301);
  // A flavour chosen before the page's script runs (or without it) arrives as ?flavour=….
  const asked = new URL(request.url).searchParams.get("flavour");
  const flavour = flavoursOf(product).find((name) => name === asked) ?? null;
  const reviews = await productReviewsOf(request, operations, product.id);
  const page = { url: new URL(product.path, siteOrigin).href, brandName: settings.brandName };
  const covering = (await listActiveCampaigns(operations, {})).filter((campaign) =>
    isInScope(campaign, { productId: product.id, seriesCode: product.series.code }),
  );
  const campaigns = covering.map((campaign) => campaign.headline);
  const subscription = await productSubscriptionOffer(operations, { productId: product.id });
  const shown = { product: shownProduct(product), flavour, delivery: await deliveryPromises(operations, {}) };
  return { ...shown, reviews, page, campaigns, subscription };
}

/** What this page shows of the product and its options, and so all of it that goes into the page's data. */
function shownProduct(product: Product) {
  const { id, name, series, kind, summary, description, path, images } = product;
  const options = product.options.map(
    ({ optionId, optionName, optionPriceCents, flavourName, isUpsellOption, servings, savingCents, soldOut }) => ({
      optionId,
      optionName,
      optionPriceCents,
      flavourName,
      isUpsellOption,
      servings,
      savingCents,
      soldOut,
    }),
  );
  return { id, name, series, kind, summary, description, path, options, images };
}

/** The gallery's first photo is preloaded and is the picture a shared link shows (the brand's without one). */
export const meta: Route.MetaFunction = (args) => {
  const first = args.loaderData?.product.images[0];
  const share = { type: "product", picture: first && largestPhoto(first) } as const;
  return [
    ...pageMeta(args, args.loaderData?.product.name, args.loaderData?.product.summary, share),
    ...photoPreload(first),
    // One address for the page, whatever flavour or order of reviews its query asks for.
    ...(args.loaderData
      ? [{ tagName: "link", rel: "canonical", href: absoluteHref(args.matches, args.loaderData.product.path) }]
      : []),
  ];
};

const FLAVOUR_FORM = "flavour-choice";

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const { summary } = loaderData.reviews;
  const flavours = flavoursOf(product);
  const [flavour, setFlavour] = useState<string | null>(loaderData.flavour ?? flavours[0] ?? null);
  const options = product.options.filter((option) => flavour === null || option.flavourName === flavour);
  const [selectedId, setSelectedId] = useState(defaultOption(options)?.optionId);
  const selected = options.find((option) => option.optionId === selectedId) ?? defaultOption(options);
  const fetcher = useFetcher<typeof bagAction>();
  const adding = fetcher.state !== "idle";

  function chooseFlavour(name: string) {
    setFlavour(name);
    const sameTier = product.options.find((option) => option.flavourName === name && option.optionName === selected?.optionName);
    setSelectedId(sameTier?.optionId ?? product.options.find((option) => option.flavourName === name)?.optionId);
  }

  return (
    // On a phone the pack is a thumbnail beside the title, so price, flavour, option and "Add to bag"
    // all fit the first screen; from md up it is the large picture beside everything else. There the
    // title's row is only as tall as the title: the picture grows the row below, so the details
    // stand in one place however much of the page the browser has read when it first paints.
    <article className="mx-auto grid max-w-6xl grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-4 px-4 py-4 md:grid-cols-2 md:grid-rows-[auto_1fr] md:gap-x-8 md:gap-y-0 md:py-10">
      <div className="col-start-1 row-start-1 self-start rounded-2xl bg-slate-50 p-1 md:row-span-2 md:sticky md:top-28 md:rounded-3xl md:p-6">
        <ProductGallery photos={product.images} />
      </div>
      <header className="col-start-2 row-start-1 self-center md:self-start">
        <nav aria-label="Breadcrumb" className="text-sm text-muted">
          <Link to="/shop" className="hover:underline">
            Shop
          </Link>{" "}
          /{" "}
          <Link to={product.path.split("/").slice(0, 3).join("/")} className="hover:underline">
            {product.series.function ? `${product.series.name} ${product.series.function}` : product.series.name}
          </Link>
        </nav>
        <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-brand-900 md:mt-2 md:text-3xl">{product.name}</h1>
        {summary.average !== null && (
          <a href={`#${REVIEWS_ID}`} className="mt-1 inline-block text-sm text-muted hover:underline">
            <RatingLine average={summary.average} count={summary.count} />
          </a>
        )}
      </header>
      <div className="col-span-2 min-w-0 md:col-span-1 md:col-start-2">
        <p className="text-muted md:mt-2 md:text-lg">{product.summary}</p>
        <CampaignBadges headlines={loaderData.campaigns} className="mt-3" />

        {/* Flavour buttons submit this form when the page's script has not taken them over. */}
        <form id={FLAVOUR_FORM} method="get" />
        <fetcher.Form method="post" action="/bag" className="mt-4 space-y-4 md:mt-6 md:space-y-5">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="quantity" value="1" />
          {flavours.length > 0 && (
            // A fieldset is as wide as its content unless told otherwise: the flavour row would widen the page.
            <fieldset className="min-w-0">
              <legend className="font-semibold">Flavour{flavour ? `: ${flavour}` : ""}</legend>
              {/* One row that scrolls sideways on a phone, however many flavours there are. */}
              <div className="-mx-4 mt-2 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:overflow-visible md:px-0">
                {flavours.map((name) => (
                  <button
                    key={name}
                    type="submit"
                    form={FLAVOUR_FORM}
                    name="flavour"
                    value={name}
                    aria-pressed={name === flavour}
                    onClick={(event) => {
                      event.preventDefault();
                      chooseFlavour(name);
                    }}
                    className="min-h-11 shrink-0 whitespace-nowrap rounded-full border px-4 py-2 text-sm font-medium aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white border-slate-300 hover:border-brand-700"
                  >
                    {name}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          <fieldset>
            <legend className="font-semibold">Choose an option</legend>
            <div className="mt-2 grid gap-2">
              {options.map((option) => (
                <label
                  key={option.optionId}
                  className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-xl border border-slate-300 px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50"
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="radio"
                      name="optionId"
                      value={option.optionId}
                      checked={option.optionId === selected?.optionId}
                      onChange={() => setSelectedId(option.optionId)}
                      className="size-4 accent-brand-700"
                    />
                    <span>
                      {option.optionName}
                      {option.isUpsellOption && (
                        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                          Free box
                        </span>
                      )}
                      {option.soldOut && (
                        <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
                          Sold out
                        </span>
                      )}
                    </span>
                  </span>
                  <span className="font-semibold">{formatMoney(option.optionPriceCents)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {selected && <PriceBlock option={selected} />}
          <button
            type="submit"
            disabled={adding || !selected || selected.soldOut}
            className="w-full rounded-full bg-brand-700 px-6 py-3 text-lg font-semibold md:py-3.5 text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {selected?.soldOut ? "Sold out" : adding ? "Adding…" : "Add to bag"}
          </button>
          {/* After the button, so a phone's first screen still holds it; the choice is part of the same form. */}
          {selected && !selected.soldOut && <SubscribeChoice option={selected} offer={loaderData.subscription} adding={adding} />}
          <ul className="space-y-1 text-sm text-muted" data-testid="delivery-estimate">
            {loaderData.delivery.map((offer) => (
              <li key={offer.id} data-testid={`delivery-promise-${offer.id}`}>
                <strong className="text-ink">{offer.name}:</strong> {offer.promise}.
              </li>
            ))}
          </ul>
        </fetcher.Form>
        <AddedToBag fetcher={fetcher} />
        <section aria-labelledby="about-heading" className="mt-8 border-t border-slate-200 pt-6">
          <h2 id="about-heading" className="text-lg font-semibold">
            About this product
          </h2>
          <p className="mt-2 text-muted">{product.description}</p>
          <Link
            to={`/help/product/${seriesSlug(product.series)}`}
            className="mt-3 inline-block font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            How to take {seriesTitle(product.series)}: ingredients, allergens and storage
          </Link>
        </section>
        <ProductReviews product={product} reviews={loaderData.reviews} />
        <StructuredData data={productStructuredData(product, loaderData.page, loaderData.reviews)} />
      </div>
    </article>
  );
}
