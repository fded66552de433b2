import { Minus, Plus, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { MAX_LINE_QUANTITY } from "../../domain/bag/max-line-quantity.ts";
import type { BagLine, PricedBag } from "../../domain/bag/price-bag.ts";
import { servingsLabel } from "../../domain/catalog/servings.ts";
import { formatMoney } from "../../kernel/money.ts";
import { ProductPhoto } from "./product-photo.tsx";
import type { ShownSaving } from "./quantity-savings.tsx";
import { QuantityStep } from "./quantity-step.tsx";
import { SubscribedLineTerms } from "./subscribed-line-terms.tsx";

/** What a bag line shows, and so all of it that goes into the bag page's data. */
export function shownLine(
  { optionId, quantity, lineTotalCents, product, option, subscription }: BagLine,
  renewalCents: Record<string, number>,
) {
  return {
    optionId,
    quantity,
    lineTotalCents,
    subscription: subscription && { ...subscription, renewalCents: renewalCents[optionId] ?? null },
    product: { name: product.name, path: product.path, picture: product.picture },
    option: {
      optionName: option.optionName,
      flavourName: option.flavourName,
      optionPriceCents: option.optionPriceCents,
      servings: option.servings,
      soldOut: option.soldOut,
    },
  };
}

export type ShownBagLine = ReturnType<typeof shownLine>;
export type ShownBag = Omit<PricedBag, "lines" | "quantitySavings"> & { lines: ShownBagLine[]; quantitySavings: ShownSaving[] };

export function BagLineRow({
  line,
  busy,
  cadencesWeeks,
  campaigns = [],
}: {
  line: ShownBagLine;
  busy: boolean;
  /** The cadences a subscribed line may change to. */
  cadencesWeeks: number[];
  /** The names of the running campaigns that cover this line. */
  campaigns?: readonly string[];
}) {
  const name = line.option.flavourName ? `${line.product.name}, ${line.option.flavourName}` : line.product.name;
  return (
    <li className="flex gap-4 p-4" data-testid="bag-line" aria-label={name}>
      <span className="size-20 shrink-0 rounded-xl bg-slate-50">
        {line.product.picture && (
          <ProductPhoto photo={line.product.picture} sizes="80px" className="size-20 rounded-xl object-cover" decorative />
        )}
      </span>
      <div className="flex flex-1 flex-col gap-2">
        <div className="flex flex-wrap justify-between gap-2">
          <div>
            <Link to={line.product.path} className="font-semibold hover:underline">
              {line.product.name}
            </Link>
            <p className="text-sm text-muted">
              {[line.option.flavourName, line.option.optionName, servingsLabel(line.option.servings)].filter(Boolean).join(" · ")}
            </p>
            <p className="text-sm text-muted">{formatMoney(line.option.optionPriceCents)} each</p>
            {line.option.soldOut && (
              <p className="text-sm font-semibold text-sale" data-testid="line-sold-out">
                Sold out since you added it. Remove it to check out.
              </p>
            )}
            {line.subscription && (
              <SubscribedLineTerms line={line} subscription={line.subscription} cadencesWeeks={cadencesWeeks} />
            )}
            {campaigns.length > 0 && (
              <p className="text-sm font-semibold text-amber-900" data-testid="line-campaigns">
                <span aria-hidden="true">★ </span>Earns bonus points: {campaigns.join(", ")}
              </p>
            )}
          </div>
          <p className="font-semibold" data-testid="line-total">
            {formatMoney(line.lineTotalCents)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <QuantityStep
            fields={{ intent: "update", optionId: line.optionId }}
            quantity={line.quantity - 1}
            label={`One fewer ${name}`}
          >
            <Minus aria-hidden="true" className="size-4" />
          </QuantityStep>
          <Form method="post" className="flex items-center gap-2" key={`${line.optionId}-${line.quantity}`}>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="optionId" value={line.optionId} />
            <label className="sr-only" htmlFor={`qty-${line.optionId}`}>
              Quantity of {name}
            </label>
            <input
              id={`qty-${line.optionId}`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LINE_QUANTITY}
              step={1}
              required
              defaultValue={line.quantity}
              className="w-16 rounded-lg border border-slate-300 px-2 py-1.5 text-center"
            />
            <button type="submit" disabled={busy} className="text-sm font-semibold text-brand-700 underline">
              Update
            </button>
          </Form>
          <QuantityStep
            fields={{ intent: "update", optionId: line.optionId }}
            quantity={line.quantity + 1}
            label={`One more ${name}`}
          >
            <Plus aria-hidden="true" className="size-4" />
          </QuantityStep>
          <Form method="post" className="ml-auto">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="optionId" value={line.optionId} />
            <button type="submit" className="flex items-center gap-1 text-sm font-medium text-muted hover:text-sale">
              <Trash2 aria-hidden="true" className="size-4" />
              Remove<span className="sr-only"> {name}</span>
            </button>
          </Form>
        </div>
      </div>
    </li>
  );
}
