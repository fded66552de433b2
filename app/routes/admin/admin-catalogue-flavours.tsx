import { useState } from "react";
import { useActionData } from "react-router";
import { flavourStamp } from "../../../domain/catalog/staff/form-stamps.ts";
import { listFlavoursForStaff } from "../../../domain/catalog/staff/list-flavours-for-staff.ts";
import {
  CreateFlavourInput,
  createFlavour,
  UpdateFlavourInput,
  updateFlavour,
} from "../../../domain/catalog/staff/save-flavour.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { SERIES, seriesTitle } from "../../../kernel/series.ts";
import { ActionMessage, AdminForm, type Answer, Field, SelectField, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { SERIES_CHOICES } from "../../components/admin/catalogue/series-choices.ts";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { CATALOGUE_FIELD_LABELS, flavourFormValues } from "../../lib/catalogue-form.server.ts";
import { formInput, typedValues } from "../../lib/form-input.server.ts";
import { dollarsText } from "../../lib/money-input.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-catalogue-flavours";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Flavours"), { name: "robots", content: "noindex" }];

export { rereadAfterStaleEdit as shouldRevalidate } from "../../lib/reread-after-stale-edit.ts";

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const skus = await refusedAsPage(listFlavoursForStaff(operations, {}));
  return {
    series: SERIES.map((series) => ({
      code: series.code,
      title: seriesTitle(series),
      skus: skus
        .filter((sku) => sku.seriesCode === series.code)
        .map((sku) => ({
          ...sku,
          price: dollarsText(sku.retailPriceCents),
          priceLabel: formatMoney(sku.retailPriceCents),
          stamp: flavourStamp(sku),
        })),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  const creating = formText(form, "intent") !== "update";
  try {
    if (!creating) {
      const saved = await updateFlavour(operations, formInput(UpdateFlavourInput, form, flavourFormValues(form)));
      return { ok: true, message: `Saved ${saved.skuId} (${saved.flavourName}).` } satisfies ActionResult;
    }
    const created = await createFlavour(operations, formInput(CreateFlavourInput, form, flavourFormValues(form)));
    return {
      ok: true,
      message: `Added ${created.skuId} (${created.flavourName}); add a purchase option that holds it to sell it.`,
    } satisfies ActionResult;
  } catch (error) {
    // A new flavour posted before the page's scripts run comes back as typed, not empty.
    const values = creating ? typedValues(CreateFlavourInput, form) : undefined;
    return failureResult(error, { labels: CATALOGUE_FIELD_LABELS, values });
  }
}

const FORMATS = [
  { value: "Nectar", label: "Nectar" },
  { value: "Shots", label: "Shots" },
];

type FlavourValues = { seriesCode: string; flavourName: string; format: string; price: string };

/** The fields a flavour's create and edit forms share. */
function FlavourFields({ idPrefix, sku }: { idPrefix: string; sku?: Partial<FlavourValues> }) {
  return (
    <>
      <SelectField
        id={`${idPrefix}-series`}
        label="Series"
        name="seriesCode"
        options={SERIES_CHOICES}
        defaultValue={sku?.seriesCode}
      />
      <Field
        id={`${idPrefix}-flavour`}
        label="Flavour"
        name="flavourName"
        required
        maxLength={60}
        defaultValue={sku?.flavourName}
      />
      <SelectField id={`${idPrefix}-format`} label="Format" name="format" options={FORMATS} defaultValue={sku?.format} />
      <Field
        id={`${idPrefix}-price`}
        label="Retail price (S$)"
        name="retailPriceCents"
        required
        inputMode="decimal"
        defaultValue={sku?.price}
      />
    </>
  );
}

const FORM = "grid gap-3 sm:grid-cols-2 lg:grid-cols-4";

export default function AdminCatalogueFlavours({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [sent, setSent] = useState<string | null>(null);
  const answerFor = (form: string): Answer => (sent === form ? result : undefined);
  const messageIn = (form: string) => sent === form && <ActionMessage result={result} />;
  const typed = result?.ok === false ? result.values : undefined;
  return (
    <>
      <PageHeading title="Flavours" back={{ to: "/admin/catalogue", label: "All products" }}>
        Each SKU is one flavour in one format. Its retail price is what a box costs alone, the base a bundle's saving is worked
        out from; what shoppers pay is each purchase option's price.
      </PageHeading>
      {sent === null && <ActionMessage result={result} />}
      <Section id="new-flavour" title="New flavour">
        <AdminForm
          intent="create"
          answer={answerFor("new")}
          resetAfter={sent === "new" ? result : undefined}
          onSubmit={() => setSent("new")}
          className={`${FORM} rounded-lg border border-slate-200 bg-white p-4`}
        >
          <Field
            id="new-sku-id"
            label="SKU id"
            name="skuId"
            required
            maxLength={24}
            pattern="[a-z0-9]+"
            autoCapitalize="none"
            defaultValue={typed?.skuId}
          />
          <FlavourFields idPrefix="new" sku={typed && { ...typed, price: typed.retailPriceCents }} />
          <Field
            id="new-opening-stock"
            label="Opening stock (boxes)"
            name="openingStock"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={typed?.openingStock ?? "0"}
          />
          <div className="flex items-end sm:col-span-2">{messageIn("new")}</div>
          <div className="flex items-end">
            <SubmitButton>Add flavour</SubmitButton>
          </div>
        </AdminForm>
      </Section>
      {loaderData.series.map((series) => (
        <Section key={series.code} id={`series-${series.code}`} title={series.title}>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {series.skus.map((sku) => (
              <li key={sku.skuId} className="px-4 py-1">
                <details open={sent === sku.skuId}>
                  <summary className="min-h-11 cursor-pointer py-2">
                    <span className="font-semibold text-brand-900">{sku.flavourName}</span>{" "}
                    <span className="text-muted">
                      · {sku.format} · {sku.priceLabel} · {sku.skuId}
                    </span>
                  </summary>
                  <AdminForm
                    intent="update"
                    hiddenFields={[
                      ["skuId", sku.skuId],
                      ["seen", sku.stamp],
                    ]}
                    answer={answerFor(sku.skuId)}
                    onSubmit={() => setSent(sku.skuId)}
                    className={`${FORM} mt-2 mb-3`}
                  >
                    <FlavourFields idPrefix={sku.skuId} sku={sku} />
                    <div className="sm:col-span-2 lg:col-span-3">{messageIn(sku.skuId)}</div>
                    <div className="flex items-end">
                      <SubmitButton>Save flavour</SubmitButton>
                    </div>
                  </AdminForm>
                </details>
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </>
  );
}
