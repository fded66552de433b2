import { useActionData } from "react-router";
import {
  CreatePromotionInput,
  createPromotion,
  listExcludableProducts,
  listPromotions,
  promotionStamp,
  UpdatePromotionInput,
  updatePromotion,
} from "../../../domain/promotions/manage-promotions.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { singaporeDate } from "../../../kernel/singapore-time.ts";
import { ActionMessage, AdminForm, Field, SelectField, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
import { StatusBadge } from "../../components/admin/status-badge.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { centsFromDollars } from "../../lib/money-input.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-promotions";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Promotions"), { name: "robots", content: "noindex" }];

/** Blank stays blank (no limit); anything else is read as dollars. */
const optionalCents = (text: string) => (text.trim() === "" ? "" : centsFromDollars(text));

export { rereadAfterStaleEdit as shouldRevalidate } from "../../lib/reread-after-stale-edit.ts";

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const [rows, products] = await refusedAsPage(
    Promise.all([listPromotions(operations, {}), listExcludableProducts(operations, {})]),
  );
  const now = Date.now();
  const nameOf = new Map(products.map((product) => [product.id, product.name]));
  return {
    products,
    promotions: rows.map((row) => ({
      code: row.code,
      discount: row.kind === "percent" ? `${row.value}% off` : `${formatMoney(row.value)} off`,
      minSpend: row.minSpendCents === null ? "" : (row.minSpendCents / 100).toFixed(2),
      usageLimit: row.usageLimit === null ? "" : String(row.usageLimit),
      perCustomerLimit: row.perCustomerLimit === null ? "" : String(row.perCustomerLimit),
      excludedProductIds: row.excludedProductIds,
      excluded: row.excludedProductIds.map((id) => nameOf.get(id) ?? id),
      uses: row.usageLimit === null ? `${row.timesUsed}` : `${row.timesUsed} of ${row.usageLimit}`,
      works: `${formatDate(row.startsAt)} to ${row.endsAt ? formatDate(new Date(row.endsAt.getTime() - 1)) : "no end"}`,
      lastDay: row.endsAt ? singaporeDate(row.endsAt.getTime() - 1) : "",
      active: row.active,
      ended: row.endsAt !== null && row.endsAt.getTime() <= now,
      stamp: promotionStamp(row),
    })),
    today: singaporeDate(now),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  // What the form says in dollars, the operations take in cents.
  const minSpendCents = optionalCents(formText(form, "minSpend"));
  try {
    if (formText(form, "intent") === "update") {
      const updated = await updatePromotion(operations, formInput(UpdatePromotionInput, form, { minSpendCents }));
      return { ok: true, message: `Saved ${updated.code}.` } satisfies ActionResult;
    }
    const amount = formText(form, "kind") === "amount" ? { value: centsFromDollars(formText(form, "value")) } : {};
    const created = await createPromotion(operations, formInput(CreatePromotionInput, form, { minSpendCents, ...amount }));
    return { ok: true, message: `Created ${created.code}; shoppers can use it at checkout.` } satisfies ActionResult;
  } catch (error) {
    return failureResult(error);
  }
}

const KIND_CHOICES = [
  { value: "percent", label: "A percentage" },
  { value: "amount", label: "An amount (S$)" },
];

/** The products a code leaves out, as checkboxes folded away until needed. */
function ProductExclusions({
  idPrefix,
  products,
  excluded,
}: {
  idPrefix: string;
  products: { id: string; name: string }[];
  excluded: string[];
}) {
  return (
    <details>
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">
        Products it takes nothing off ({excluded.length})
      </summary>
      <fieldset className="mt-2">
        <legend className="sr-only">Products it takes nothing off</legend>
        <div className="grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
          {products.map((product) => (
            <label key={product.id} htmlFor={`${idPrefix}-exclude-${product.id}`} className="flex min-h-11 items-center gap-2">
              <input
                id={`${idPrefix}-exclude-${product.id}`}
                type="checkbox"
                name="excludedProductIds"
                value={product.id}
                defaultChecked={excluded.includes(product.id)}
              />
              {product.name}
            </label>
          ))}
        </div>
      </fieldset>
    </details>
  );
}

export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { products, promotions } = loaderData;
  return (
    <>
      <PageHeading title="Promotions" />
      <ActionMessage result={result} />
      <Section id="create" title="New promotion code">
        <AdminForm
          intent="create"
          resetAfter={result}
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
        >
          <Field id="promo-code" label="Code" name="code" required minLength={3} maxLength={40} autoCapitalize="characters" />
          <SelectField id="promo-kind" label="Takes off" name="kind" options={KIND_CHOICES} />
          <Field id="promo-value" label="Percent or amount" name="value" required inputMode="decimal" />
          <Field id="promo-min-spend" label="Minimum spend (S$, optional)" name="minSpend" inputMode="decimal" />
          <Field id="promo-limit" label="Total uses (optional)" name="usageLimit" type="number" min={1} />
          <Field id="promo-per-customer" label="Uses per customer (optional)" name="perCustomerLimit" type="number" min={1} />
          <Field id="promo-first" label="First day" name="firstDay" type="date" defaultValue={loaderData.today} />
          <Field id="promo-last" label="Last day (optional)" name="lastDay" type="date" min={loaderData.today} />
          <div className="sm:col-span-3">
            <ProductExclusions idPrefix="new" products={products} excluded={[]} />
          </div>
          <div className="flex items-end">
            <SubmitButton>Create code</SubmitButton>
          </div>
        </AdminForm>
        <p className="mt-2 text-sm text-muted">
          Products marked as excluded from campaigns are never discounted. Codes work in Singapore time.
        </p>
      </Section>
      <Section id="codes" title="Codes">
        <DataTable
          caption="Promotion codes"
          rows={promotions}
          rowKey={(promotion) => promotion.code}
          empty="No promotion codes yet."
          columns={[
            { heading: "Code", cell: (promotion) => promotion.code, className: "font-mono font-semibold" },
            {
              heading: "Discount",
              cell: (promotion) => (
                <>
                  {promotion.discount}
                  {promotion.minSpend && <span className="block text-muted">on S${promotion.minSpend} or more</span>}
                  {promotion.excluded.length > 0 && (
                    <span className="block text-muted">{`not on ${promotion.excluded.join(", ")}`}</span>
                  )}
                </>
              ),
            },
            {
              heading: "Uses",
              cell: (promotion) => (
                <>
                  {promotion.uses}
                  {promotion.perCustomerLimit && (
                    <span className="block text-muted">{`at most ${promotion.perCustomerLimit} per customer`}</span>
                  )}
                </>
              ),
            },
            { heading: "Works", cell: (promotion) => promotion.works },
            { heading: "State", cell: (promotion) => <PromotionState {...promotion} /> },
            { heading: "Change", cell: (promotion) => <ChangeForm promotion={promotion} products={products} /> },
          ]}
        />
      </Section>
    </>
  );
}

function PromotionState({ active, ended }: { active: boolean; ended: boolean }) {
  if (!active) return <StatusBadge tone="off">Switched off</StatusBadge>;
  return ended ? <StatusBadge tone="off">Ended</StatusBadge> : <StatusBadge tone="active">On</StatusBadge>;
}

type Promotion = Route.ComponentProps["loaderData"]["promotions"][number];

/** What may change about a code once created: its switch, its limits and its last day (never what it takes off). */
function ChangeForm({ promotion, products }: { promotion: Promotion; products: { id: string; name: string }[] }) {
  return (
    <details>
      <summary className="cursor-pointer font-semibold text-brand-700">Change {promotion.code}</summary>
      <AdminForm
        intent="update"
        hiddenFields={[
          ["code", promotion.code],
          ["seen", promotion.stamp],
        ]}
        className="mt-2 space-y-2"
      >
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="active" defaultChecked={promotion.active} /> On
        </label>
        <Field id={`min-${promotion.code}`} label="Minimum spend (S$)" name="minSpend" defaultValue={promotion.minSpend} />
        <Field
          id={`limit-${promotion.code}`}
          label="Total uses"
          name="usageLimit"
          type="number"
          min={1}
          defaultValue={promotion.usageLimit}
        />
        <Field
          id={`per-customer-${promotion.code}`}
          label="Uses per customer"
          name="perCustomerLimit"
          type="number"
          min={1}
          defaultValue={promotion.perCustomerLimit}
        />
        <ProductExclusions idPrefix={promotion.code} products={products} excluded={promotion.excludedProductIds} />
        <Field id={`last-${promotion.code}`} label="Last day" name="lastDay" type="date" defaultValue={promotion.lastDay} />
        <SubmitButton>Save {promotion.code}</SubmitButton>
      </AdminForm>
    </details>
  );
}
