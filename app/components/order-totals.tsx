import { lineDetail } from "../../domain/orders/line-description.ts";
import { formatMoney } from "../../domain/shared/money.ts";

export type Totals = { subtotalCents: number; discountCents: number; shippingCents: number; totalCents: number };

export function OrderTotals({ totals, promotionCode }: { totals: Totals; promotionCode?: string | null }) {
  return (
    <dl className="space-y-2">
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd data-testid="checkout-subtotal">{formatMoney(totals.subtotalCents)}</dd>
      </div>
      {totals.discountCents > 0 && (
        <div className="flex justify-between text-sale">
          <dt>Discount{promotionCode ? ` (${promotionCode})` : ""}</dt>
          <dd data-testid="checkout-discount">-{formatMoney(totals.discountCents)}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt>Shipping</dt>
        <dd data-testid="checkout-shipping">{totals.shippingCents === 0 ? "Free" : formatMoney(totals.shippingCents)}</dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-bold">
        <dt>Total</dt>
        <dd data-testid="checkout-total">{formatMoney(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}

export function LineList({
  lines,
}: {
  lines: { key: string; title: string; detail: string; quantity: number; totalCents: number }[];
}) {
  return (
    <ul className="divide-y divide-slate-200">
      {lines.map((line) => (
        <li key={line.key} className="flex justify-between gap-4 py-3">
          <div>
            <p className="font-medium">
              {line.quantity} × {line.title}
            </p>
            <p className="text-sm text-muted">{line.detail}</p>
          </div>
          <p className="font-semibold">{formatMoney(line.totalCents)}</p>
        </li>
      ))}
    </ul>
  );
}

type OrderLine = {
  position: number;
  productName: string;
  flavourName: string | null;
  optionName: string;
  quantity: number;
  lineTotalCents: number;
  discountCents: number;
};

/** An order's lines; `listPrice` shows them before their share of a discount (where the discount is shown apart). */
export function OrderLines({ lines, listPrice = false }: { lines: OrderLine[]; listPrice?: boolean }) {
  return (
    <LineList
      lines={lines.map((line) => ({
        key: String(line.position),
        title: line.productName,
        detail: lineDetail(line),
        quantity: line.quantity,
        totalCents: line.lineTotalCents + (listPrice ? line.discountCents : 0),
      }))}
    />
  );
}
