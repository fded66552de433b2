import { data, Form } from "react-router";
import { listProducts, MAX_PRODUCTS_PER_REQUEST } from "../../../domain/catalog/list-products.ts";
import { type PromotionDisplay, previewPromotionDisplay } from "../../../domain/checkout/preview-promotion-display.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { Answer, buttonClass, DebugSection, inputClass } from "../../components/debug/debug-ui.tsx";
import { PromotionPricing, promotionTerms } from "../../components/debug/promotion-pricing.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { PriceBlock } from "../../components/price-block.tsx";
import { requestContext } from "../../context.ts";
import { debugFailure, requireDebugPage } from "../../lib/debug-page.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/debug-test-display-promo";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Debug: Promotion display");

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext).operations;
  requireDebugPage(context.get(requestContext), request);
  const query = new URL(request.url).searchParams;
  const form = { code: query.get("code") ?? "", optionId: query.get("optionId") ?? "" };
  const { products } = await listProducts(ctx, { includeInactive: true, first: MAX_PRODUCTS_PER_REQUEST });
  const catalogue = products.map((product) => ({
    name: `${product.name}${product.active ? "" : " (inactive)"}${product.campaignDiscountExclusion ? " (no campaign discount)" : ""}`,
    options: product.options.map((option) => ({ id: option.optionId, name: option.optionName, flavour: option.flavourName })),
  }));
  if (!form.code && !form.optionId) return { form, catalogue, display: null, answer: null };
  try {
    return { form, catalogue, display: await previewPromotionDisplay(ctx, form), answer: null };
  } catch (error) {
    const { answer, status } = debugFailure(error);
    return data({ form, catalogue, display: null, answer }, { status });
  }
}

export default function DebugTestDisplayPromo({ loaderData }: Route.ComponentProps) {
  const { form, catalogue, display, answer } = loaderData;
  return (
    <>
      <PageHeading eyebrow="Debug" title="Promotion display">
        How a promotion code shows for one product on its page, in the bag and at checkout, priced by the shop's own rules.
      </PageHeading>
      <div className="px-4">
        <Form method="get" className="grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
          <div>
            <label htmlFor="promo-code" className="block font-medium">
              Promotion code
            </label>
            <input
              id="promo-code"
              name="code"
              required
              autoComplete="off"
              defaultValue={form.code}
              className={`${inputClass} uppercase`}
            />
          </div>
          <div>
            <label htmlFor="promo-option" className="block font-medium">
              Product and option
            </label>
            <select id="promo-option" name="optionId" required defaultValue={form.optionId} className={inputClass}>
              {catalogue.map((product) => (
                <optgroup key={product.name} label={product.name}>
                  {product.options.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                      {option.flavour ? ` · ${option.flavour}` : ""} ({option.id})
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass}>
            Show
          </button>
        </Form>
        <Answer answer={answer} />
        {display && <Display display={display} />}
      </div>
    </>
  );
}

function Display({ display }: { display: PromotionDisplay }) {
  const { product, option, bag, promotion, pricing, problem } = display;
  return (
    <div data-testid="promotion-display">
      <DebugSection id="promo-code-heading" title="The code">
        <p className="mt-2">
          {promotion ? `${promotion.code}: ${promotionTerms(promotion)}` : "No such code in the promotion table."}
        </p>
        {product.campaignDiscountExclusion && (
          <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900" data-testid="exclusion-reason">
            {product.name} is marked campaignDiscountExclusion: no promotion code takes anything off it, so on its own in a bag no
            code applies.
          </p>
        )}
      </DebugSection>
      <DebugSection id="promo-product-heading" title={`Product page: ${product.name}`}>
        <p className="mt-1 text-sm text-muted">
          The product page shows no promotion codes: the price is the catalogue's
          {product.active ? "" : " (this product is inactive, so shoppers cannot open its page)"}.
        </p>
        <div className="mt-3 max-w-sm">
          <PriceBlock option={option} />
        </div>
      </DebugSection>
      <DebugSection id="promo-bag-heading" title="Bag with one of it">
        <p className="mt-1 text-sm text-muted">The bag shows no promotion codes either: codes are entered at checkout.</p>
        <dl className="mt-3 max-w-sm space-y-1">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatMoney(bag.subtotalCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd>{bag.shippingCents === 0 ? "Free" : formatMoney(bag.shippingCents)}</dd>
          </div>
          <div className="flex justify-between font-bold">
            <dt>Total</dt>
            <dd>{formatMoney(bag.totalCents)}</dd>
          </div>
        </dl>
      </DebugSection>
      <DebugSection id="promo-checkout-heading" title="Checkout">
        <PromotionPricing bag={bag} pricing={pricing} problem={problem} />
      </DebugSection>
    </div>
  );
}
