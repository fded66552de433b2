import type { ReactNode } from "react";
import { Link, useActionData } from "react-router";
import { isOptionAvailable } from "../../../domain/catalog/lookup.ts";
import { listCatalogueForStaff } from "../../../domain/catalog/staff/list-catalogue-for-staff.ts";
import { SwitchOptionInput, switchOption } from "../../../domain/catalog/staff/switch-option.ts";
import {
  SwitchCampaignExclusionInput,
  SwitchProductInput,
  switchCampaignExclusion,
  switchProduct,
} from "../../../domain/catalog/staff/switch-product.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { seriesTitle } from "../../../kernel/series.ts";
import { ActionMessage, AdminForm } from "../../components/admin/admin-form.tsx";
import { LINK, PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { StatusBadge } from "../../components/admin/status-badge.tsx";
import { type ActionResult, failureResult, formText, unreadableRequest } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-catalogue";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Catalogue"), { name: "robots", content: "noindex" }];

/** An option as staff read it: its tier, and its flavour when it has one. */
const optionLabel = (option: { optionName: string; flavourName: string | null }) =>
  option.flavourName ? `${option.optionName}, ${option.flavourName}` : option.optionName;

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const groups = await refusedAsPage(listCatalogueForStaff(operations, {}));
  return {
    series: groups.map(({ series, products }) => ({
      code: series.code,
      title: seriesTitle(series),
      products: products.map((product) => ({
        id: product.id,
        name: product.name,
        active: product.active,
        excluded: product.campaignDiscountExclusion,
        // The sampler pouches stay on sale through promotions while their product is off.
        soldAnyway: !product.active && product.options.some((option) => isOptionAvailable(product, option)),
        options: product.options.map((option) => ({
          id: option.optionId,
          name: optionLabel(option),
          price: formatMoney(option.optionPriceCents),
          active: option.active,
        })),
      })),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  // Every switch's form says what it turns the switch to as "on".
  const on = formText(form, "on");
  try {
    switch (formText(form, "intent")) {
      case "product": {
        const product = await switchProduct(operations, formInput(SwitchProductInput, form, { active: on }));
        return { ok: true, message: `${product.name} is ${product.active ? "on sale" : "switched off"}.` } satisfies ActionResult;
      }
      case "exclusion": {
        const product = await switchCampaignExclusion(
          operations,
          formInput(SwitchCampaignExclusionInput, form, { excluded: on }),
        );
        const message = product.campaignDiscountExclusion
          ? `Promotion codes no longer discount ${product.name}.`
          : `Promotion codes discount ${product.name} again.`;
        return { ok: true, message } satisfies ActionResult;
      }
      case "option": {
        const option = await switchOption(operations, formInput(SwitchOptionInput, form, { active: on }));
        const name = `${option.productName}: ${optionLabel(option)}`;
        return { ok: true, message: `${name} is ${option.active ? "on sale" : "switched off"}.` } satisfies ActionResult;
      }
      default:
        return unreadableRequest();
    }
  } catch (error) {
    return failureResult(error);
  }
}

const SWITCH = "min-h-11 shrink-0 whitespace-nowrap rounded-full border px-4 py-2 font-semibold";
const switchLook = (on: boolean) =>
  on
    ? `${SWITCH} border-slate-400 bg-white text-brand-900 hover:bg-slate-50`
    : `${SWITCH} border-brand-700 bg-brand-700 text-white hover:bg-brand-900`;

/** One small form that flips one switch; the button says what it does and to what. */
function SwitchForm({
  intent,
  target,
  on,
  label,
  what,
  look,
}: {
  intent: "product" | "option" | "exclusion";
  target: ["productId" | "optionId", string];
  on: boolean;
  label: string;
  what: string;
  look: string;
}) {
  return (
    <AdminForm intent={intent} hiddenFields={[target, ["on", String(on)]]} preventScrollReset>
      <button type="submit" className={look}>
        {label}
        <span className="sr-only">{` ${what}`}</span>
      </button>
    </AdminForm>
  );
}

function OnSale({ on }: { on: boolean }) {
  return <StatusBadge tone={on ? "active" : "off"}>{on ? "On sale" : "Switched off"}</StatusBadge>;
}

/** A product's options, folded away until needed; open while any of them is switched off. */
function OptionsFold({ name, options, children }: { name: string; options: { active: boolean }[]; children: ReactNode }) {
  const off = options.filter((option) => !option.active).length;
  return (
    <details open={off > 0} className="mt-3">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">
        {options.length === 1 ? "1 option" : `${options.length} options`}
        <span className="sr-only">{` of ${name}`}</span>
        {off > 0 && `, ${off} switched off`}
      </summary>
      {children}
    </details>
  );
}

export default function AdminCatalogue({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeading
        title="Catalogue"
        aside={
          <p className="flex flex-wrap gap-x-4">
            <Link to="/admin/catalogue/products/new" className={LINK}>
              New product
            </Link>
            <Link to="/admin/catalogue/flavours" className={LINK}>
              Flavours
            </Link>
          </p>
        }
      >
        Switching a product or an option off takes it out of the shop at once; bags that hold it drop it. A product excluded from
        campaigns gets no promotion-code discount. Edit a product for its copy, prices and options.
      </PageHeading>
      <ActionMessage result={result} />
      <nav aria-label="Series" className="mt-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {loaderData.series.map((series) => (
            <li key={series.code}>
              <a
                href={`#series-${series.code}-heading`}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                {series.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.series.map((series) => (
        <Section key={series.code} id={`series-${series.code}`} title={series.title}>
          <ul className="space-y-4">
            {series.products.map((product) => (
              <li key={product.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="mr-auto text-lg font-bold text-brand-900">
                    <Link to={`/admin/catalogue/products/${product.id}`} className="underline">
                      {product.name}
                    </Link>
                  </h3>
                  <OnSale on={product.active} />
                  {product.soldAnyway && <StatusBadge tone="active">Its pouches still sell through promotions</StatusBadge>}
                  {product.excluded && <StatusBadge tone="off">No promotion codes</StatusBadge>}
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <SwitchForm
                    intent="product"
                    target={["productId", product.id]}
                    on={!product.active}
                    label={product.active ? "Switch off" : "Switch on"}
                    what={product.name}
                    look={switchLook(product.active)}
                  />
                  <SwitchForm
                    intent="exclusion"
                    target={["productId", product.id]}
                    on={!product.excluded}
                    label={product.excluded ? "Allow promotion codes" : "Exclude from promotion codes"}
                    what={`for ${product.name}`}
                    look={switchLook(true)}
                  />
                  <Link
                    to={`/admin/catalogue/products/${product.id}/photos`}
                    className={`${switchLook(true)} inline-flex items-center`}
                  >
                    Photos<span className="sr-only">{` of ${product.name}`}</span>
                  </Link>
                </div>
                <OptionsFold name={product.name} options={product.options}>
                  <ul
                    aria-label={`Options of ${product.name}`}
                    className="mt-1 divide-y divide-slate-200 border-t border-slate-200"
                  >
                    {product.options.map((option) => (
                      <li key={option.id} className="flex items-center justify-between gap-3 py-2">
                        <span className="min-w-0">
                          {option.name} <span className="whitespace-nowrap text-muted">· {option.price}</span>
                          {!option.active && (
                            <span className="ml-2 inline-block">
                              <OnSale on={false} />
                            </span>
                          )}
                        </span>
                        <SwitchForm
                          intent="option"
                          target={["optionId", option.id]}
                          on={!option.active}
                          label={option.active ? "Switch off" : "Switch on"}
                          what={`${product.name}: ${option.name}`}
                          look={switchLook(option.active)}
                        />
                      </li>
                    ))}
                  </ul>
                </OptionsFold>
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </>
  );
}
