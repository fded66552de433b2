import { formatMoney } from "../../../kernel/money.ts";
import { AdminForm, type Answer, Field, SelectField, SubmitButton } from "./admin-form.tsx";
import { DataTable } from "./data-table.tsx";

export const OFFER_INTENT = "offer";
export const TERMS_INTENT = "terms";

type Offer = { discountPercent: number; cadencesWeeks: number[]; reminderDays: number; retryDays: number[]; soldOutRule: string };

const SOLD_OUT_CHOICES = [
  { value: "delay", label: "Delay it a day at a time until it can be sold" },
  { value: "skip", label: "Skip it: the next box comes on the next date" },
];

/** The shop's subscription offer: the discount new subscriptions get, the cadences, reminders, retries and sold-out rule. */
export function OfferForm({ offer, stamp, answer }: { offer: Offer; stamp: string; answer: Answer }) {
  return (
    <AdminForm
      intent={OFFER_INTENT}
      hiddenFields={[["seen", stamp]]}
      answer={answer}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
    >
      <Field
        id="offer-discount"
        label="Subscription discount (%)"
        name="discountPercent"
        inputMode="numeric"
        defaultValue={offer.discountPercent}
      />
      <Field
        id="offer-cadences"
        label="Cadences offered (weeks, e.g. 2, 4, 6)"
        name="cadencesWeeks"
        defaultValue={offer.cadencesWeeks.join(", ")}
      />
      <Field
        id="offer-reminder"
        label="Reminder, days before each renewal"
        name="reminderDays"
        inputMode="numeric"
        defaultValue={offer.reminderDays}
      />
      <Field
        id="offer-retries"
        label="Retry a declined renewal after (days, e.g. 1, 3, 5)"
        name="retryDays"
        defaultValue={offer.retryDays.join(", ")}
      />
      <div className="sm:col-span-2">
        <SelectField
          id="offer-sold-out"
          label="When a renewal's option is sold out or switched off"
          name="soldOutRule"
          defaultValue={offer.soldOutRule}
          options={SOLD_OUT_CHOICES}
        />
      </div>
      <SubmitButton className="sm:col-span-2 sm:justify-self-start">Save the offer</SubmitButton>
    </AdminForm>
  );
}

type OptionTerms = {
  optionId: string;
  optionName: string;
  flavourName: string | null;
  priceCents: number;
  active: boolean;
  subscribable: boolean | null;
  discountPercent: number | null;
};

/** One product's options: which may be subscribed to, and each one's own discount (empty: the shop's). */
export function ProductTermsForm({
  product,
  shopDiscount,
}: {
  product: { productId: string; productName: string; stamp: string; options: OptionTerms[] };
  shopDiscount: number;
}) {
  const slug = product.productId.replace(/[^A-Za-z0-9_-]/g, "-");
  return (
    <AdminForm
      intent={TERMS_INTENT}
      hiddenFields={[
        ["productId", product.productId],
        ["seen", product.stamp],
      ]}
      // min-w-0: in the page's grid, the form would otherwise grow to its table's width on a phone.
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 className="font-bold text-brand-900">{product.productName}</h3>
      <DataTable
        caption={`Subscription terms of ${product.productName}'s options`}
        rows={product.options}
        rowKey={(option) => option.optionId}
        empty="This product has no options."
        columns={[
          {
            heading: "Option",
            cell: (option) => (
              <>
                <input type="hidden" name="optionIds" value={option.optionId} />
                {option.flavourName ? `${option.flavourName}, ${option.optionName}` : option.optionName}
                <span className="block text-muted">
                  {formatMoney(option.priceCents)}
                  {option.active ? "" : ", switched off"}
                </span>
              </>
            ),
          },
          {
            heading: "May be subscribed to",
            cell: (option) => (
              <input
                type="checkbox"
                name="subscribable"
                value={option.optionId}
                defaultChecked={option.subscribable ?? true}
                aria-label={`${option.optionName} may be subscribed to`}
                className="size-5"
              />
            ),
          },
          {
            heading: "Own discount (%)",
            cell: (option) => (
              <input
                name="discounts"
                inputMode="numeric"
                defaultValue={option.discountPercent ?? ""}
                placeholder={`Shop's (${shopDiscount})`}
                aria-label={`${option.optionName}'s own subscription discount in %`}
                className="w-28 rounded-lg border border-slate-400 px-3 py-2"
              />
            ),
          },
        ]}
      />
      <SubmitButton id={`save-terms-${slug}`} className="mt-3">
        Save {product.productName}
      </SubmitButton>
    </AdminForm>
  );
}
