import { useActionData } from "react-router";
import { SaveOptionTermsInput, saveOptionTerms } from "../../../domain/subscriptions/staff/save-option-terms.ts";
import {
  getSubscriptionSettings,
  SaveSubscriptionOfferInput,
  saveSubscriptionOffer,
} from "../../../domain/subscriptions/staff/subscription-offer-settings.ts";
import { ActionMessage } from "../../components/admin/admin-form.tsx";
import { PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { OFFER_INTENT, OfferForm, ProductTermsForm, TERMS_INTENT } from "../../components/admin/subscription-settings-forms.tsx";
import { type ActionResult, failureResult, unreadableRequest } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-subscriptions-settings";

export { rereadAfterStaleEdit as shouldRevalidate } from "../../lib/reread-after-stale-edit.ts";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, "Subscription settings"),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  return refusedAsPage(getSubscriptionSettings(operations, {}));
}

/** The offer form's labels, for messages about its fields. */
const OFFER_LABELS = {
  discountPercent: "Subscription discount",
  cadencesWeeks: "Cadences",
  reminderDays: "Reminder days",
  retryDays: "Retry days",
  soldOutRule: "Sold-out rule",
};

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  if (form.get("intent") === TERMS_INTENT) {
    try {
      const saved = await saveOptionTerms(operations, formInput(SaveOptionTermsInput, form));
      return { ok: true, message: `${saved.productName}'s subscription terms saved.` } satisfies ActionResult;
    } catch (error) {
      return failureResult(error, { labels: { discounts: "Own discount", optionIds: "Options" } });
    }
  }
  if (form.get("intent") === OFFER_INTENT) {
    try {
      await saveSubscriptionOffer(operations, formInput(SaveSubscriptionOfferInput, form));
      return {
        ok: true,
        message: "The subscription offer is saved. Subscriptions already running keep the discount they were sold with.",
      } satisfies ActionResult;
    } catch (error) {
      return failureResult(error, { labels: OFFER_LABELS });
    }
  }
  return unreadableRequest();
}

export default function AdminSubscriptionSettings({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { offer, offerStamp, products } = loaderData;
  return (
    <>
      <PageHeading title="Subscription settings" back={{ to: "/admin/subscriptions", label: "All subscriptions" }}>
        What shoppers are offered when they subscribe. A change applies to new subscriptions and to renewals from now on;
        subscriptions already running keep the discount they were sold with.
      </PageHeading>
      <ActionMessage result={result} />
      <Section id="offer" title="The shop's offer">
        <OfferForm offer={offer} stamp={offerStamp} answer={result} />
      </Section>
      <Section id="options" title="By product and option">
        <p className="mb-3 text-muted">
          Every option may be subscribed to at the shop's discount unless you switch it off or give it its own.
        </p>
        <div className="grid gap-4">
          {products.map((product) => (
            <ProductTermsForm key={product.productId} product={product} shopDiscount={offer.discountPercent} />
          ))}
        </div>
      </Section>
    </>
  );
}
