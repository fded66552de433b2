import { Form, useActionData } from "react-router";
import {
  createPromotion,
  listExcludableProducts,
  listPromotions,
  updatePromotion,
} from "../../../domain/promotions/manage-promotions.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { DAY_MS, singaporeDate } from "../../../kernel/singapore-time.ts";
import { ActionMessage, Field, PRIMARY_BUTTON, Section, Table, TEXT_INPUT } from "../../components/admin/admin-parts.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { centsFromDollars } from "../../lib/money-input.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { useResetAfterSuccess } from "../../lib/reset-after-success.ts";
import type { Route } from "./+types/admin-promotions";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Promotions"), { name: "robots", content: "noindex" }];

/** Blank stays blank (no limit); anything else is read as dollars. */
const optionalCents = (text: string) => (text.trim() === "" ? "" : centsFromDollars(text));

export async function loader(args: Route.LoaderArgs) {
  const { operations, staff } = requireStaffPage(args);
  const [rows, products] = await refusedAsPage(
    Promise.all([listPromotions(operations, {}), listExcludableProducts(operations, {})]),
  );
  const now = Date.now();
  const nameOf = new Map(products.map((product) => [product.id, product.name]));
  return {
    csrfToken: staff.session.csrfToken,
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
      state: !row.active ? "Switched off" : row.endsAt && row.endsAt.getTime() <= now ? "Ended" : "On",
    })),
    today: singaporeDate(now),
    inAMonth: singaporeDate(now + 30 * DAY_MS),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  const limits = {
    minSpendCents: optionalCents(formText(form, "minSpend")),
    usageLimit: formText(form, "usageLimit"),
    perCustomerLimit: formText(form, "perCustomerLimit"),
    excludedProductIds: form.getAll("excludedProductIds").map(String),
    lastDay: formText(form, "lastDay"),
  };
  try {
    if (formText(form, "intent") === "update") {
      const updated = await updatePromotion(operations, {
        code: formText(form, "code"),
        active: form.get("active") === "on",
        ...limits,
      });
      return { ok: true, message: `Saved ${updated.code}.` } satisfies ActionResult;
    }
    const kind = formText(form, "kind");
    const created = await createPromotion(operations, {
      code: formText(form, "code"),
      kind: kind as "percent",
      value: kind === "amount" ? centsFromDollars(formText(form, "value")) : formText(form, "value"),
      firstDay: formText(form, "firstDay"),
      ...limits,
    });
    return { ok: true, message: `Created ${created.code}; shoppers can use it at checkout.` } satisfies ActionResult;
  } catch (error) {
    return failureResult(error);
  }
}

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
  const createForm = useResetAfterSuccess(result);
  const { csrfToken } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Promotions</h1>
      <ActionMessage result={result} />
      <Section id="create" title="New promotion code">
        <Form
          ref={createForm}
          method="post"
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
        >
          <input type="hidden" name="csrf" value={csrfToken} />
          <input type="hidden" name="intent" value="create" />
          <Field id="promo-code" label="Code" name="code" required minLength={3} maxLength={40} autoCapitalize="characters" />
          <div>
            <label htmlFor="promo-kind" className="block font-semibold">
              Takes off
            </label>
            <select id="promo-kind" name="kind" className={TEXT_INPUT}>
              <option value="percent">A percentage</option>
              <option value="amount">An amount (S$)</option>
            </select>
          </div>
          <Field id="promo-value" label="Percent or amount" name="value" required inputMode="decimal" />
          <Field id="promo-min-spend" label="Minimum spend (S$, optional)" name="minSpend" inputMode="decimal" />
          <Field id="promo-limit" label="Total uses (optional)" name="usageLimit" type="number" min={1} />
          <Field id="promo-per-customer" label="Uses per customer (optional)" name="perCustomerLimit" type="number" min={1} />
          <Field id="promo-first" label="First day" name="firstDay" type="date" defaultValue={loaderData.today} />
          <Field id="promo-last" label="Last day (optional)" name="lastDay" type="date" min={loaderData.today} />
          <div className="sm:col-span-3">
            <ProductExclusions idPrefix="new" products={loaderData.products} excluded={[]} />
          </div>
          <div className="flex items-end">
            <button type="submit" className={PRIMARY_BUTTON}>
              Create code
            </button>
          </div>
        </Form>
        <p className="mt-2 text-sm text-muted">
          Products marked as excluded from campaigns are never discounted. Codes work in Singapore time.
        </p>
      </Section>
      <Section id="codes" title="Codes">
        {loaderData.promotions.length === 0 ? (
          <p>No promotion codes yet.</p>
        ) : (
          <Table caption="Promotion codes" headings={["Code", "Discount", "Uses", "Works", "State", "Change"]}>
            {loaderData.promotions.map((promotion) => (
              <tr key={promotion.code} className="border-t border-slate-200 align-top">
                <td className="p-3 font-mono font-semibold">{promotion.code}</td>
                <td className="p-3">
                  {promotion.discount}
                  {promotion.minSpend && <span className="block text-muted">on S${promotion.minSpend} or more</span>}
                  {promotion.excluded.length > 0 && (
                    <span className="block text-muted">{`not on ${promotion.excluded.join(", ")}`}</span>
                  )}
                </td>
                <td className="p-3">
                  {promotion.uses}
                  {promotion.perCustomerLimit && (
                    <span className="block text-muted">{`at most ${promotion.perCustomerLimit} per customer`}</span>
                  )}
                </td>
                <td className="p-3">{promotion.works}</td>
                <td className="p-3">{promotion.state}</td>
                <td className="p-3">
                  <details>
                    <summary className="cursor-pointer font-semibold text-brand-700">Change {promotion.code}</summary>
                    <Form method="post" className="mt-2 space-y-2">
                      <input type="hidden" name="csrf" value={csrfToken} />
                      <input type="hidden" name="intent" value="update" />
                      <input type="hidden" name="code" value={promotion.code} />
                      <label className="flex min-h-11 items-center gap-2">
                        <input type="checkbox" name="active" defaultChecked={promotion.active} /> On
                      </label>
                      <Field
                        id={`min-${promotion.code}`}
                        label="Minimum spend (S$)"
                        name="minSpend"
                        defaultValue={promotion.minSpend}
                      />
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
                      <ProductExclusions
                        idPrefix={promotion.code}
                        products={loaderData.products}
                        excluded={promotion.excludedProductIds}
                      />
                      <Field
                        id={`last-${promotion.code}`}
                        label="Last day"
                        name="lastDay"
                        type="date"
                        defaultValue={promotion.lastDay}
                      />
                      <button type="submit" className={PRIMARY_BUTTON}>
                        Save {promotion.code}
                      </button>
                    </Form>
                  </details>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </>
  );
}
